/**
 * seed.sql records storage objects (rows in storage.objects) but a database cannot hold their bytes;
 * hosted Supabase would have them uploaded. This writes a placeholder for each object listed in
 * seed.sql as `-- seed-object: <bucket>/<name> <mimetype>` so seeded reviews and gallery items show
 * real pictures locally: a PNG (encoded here, no dependency), a soft earthy gradient with a motif,
 * different per object so a gallery does not look like one picture repeated; for `application/pdf`
 * (the Crown Planner's files) a one-page PDF saying it stands in for the real file.
 */
import { deflateSync } from 'node:zlib';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { SUPABASE_DIR } from './db.ts';
import type { StackContext } from './http.ts';
import { blobStoreOf } from './storage/blobs.ts';
import { PLANNER_FILES_BUCKET, SEED_PLACEHOLDER_KEY } from '../../shared/rules/commerce.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

const PALETTES = [
  [
    [122, 75, 42],
    [233, 205, 160],
  ],
  [
    [58, 90, 64],
    [214, 200, 160],
  ],
  [
    [150, 60, 50],
    [240, 214, 190],
  ],
  [
    [70, 50, 90],
    [222, 200, 220],
  ],
  [
    [40, 70, 90],
    [200, 222, 230],
  ],
  [
    [160, 110, 40],
    [248, 232, 196],
  ],
];

/** A width×height PNG: diagonal gradient with concentric rings (a loc-bundle coil motif). */
export function placeholderPng(seed: number, width = 480, height = 480): Buffer {
  const [a, b] = PALETTES[seed % PALETTES.length];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const cx = width * (0.35 + (seed % 3) * 0.15);
  const cy = height * (0.4 + (seed % 2) * 0.2);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const d = Math.hypot(x - cx, y - cy);
      const ring = Math.sin(d / (9 + (seed % 4) * 3)) > 0.6 && d < width * 0.42 ? 0.35 : 0;
      for (let ch = 0; ch < 3; ch++) {
        const base = a[ch] * (1 - t) + b[ch] * t;
        raw[row + 1 + x * 3 + ch] = Math.round(base * (1 - ring) + a[ch] * 0.6 * ring);
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A one-page PDF naming the seeded file it stands in for: written out here (a catalog, a page, a text
 * stream in Helvetica and the cross-reference table), since loading a PDF library would cost every
 * stack start about a second.
 */
export function placeholderPdf(name: string): Buffer {
  const esc = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    `BT /F1 24 Tf 72 700 Td (Crown Planner) Tj ET`,
    `BT /F1 12 Tf 72 670 Td (${esc(`Placeholder for ${name}: upload the real file on /admin/orders, Planner files.`)}) Tj ET`,
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export interface SeedObject {
  bucket: string;
  name: string;
  mimetype: string;
}

export function seedObjects(): SeedObject[] {
  const file = join(SUPABASE_DIR, 'seed.sql');
  if (!existsSync(file)) return [];
  const sql = readFileSync(file, 'utf8');
  return [...sql.matchAll(/^--\s*seed-object:\s*([a-z0-9-]+)\/(\S+)\s+(\S+)/gm)].map((m) => ({
    bucket: m[1],
    name: m[2],
    mimetype: m[3],
  }));
}

/** Writes placeholder bytes for every seeded object that has none yet (memory or disk store). */
export async function ensureSeedObjects(ctx: StackContext): Promise<number> {
  // Runs as the stack starts: the store clears what interrupted uploads left first (blobs.ts).
  await blobStoreOf(ctx).ready;
  const list = seedObjects();
  if (list.length === 0) return 0;
  const present = await ctx.db.query<{ bucket_id: string; name: string }>(`select bucket_id, name from storage.objects where (bucket_id || '/' || name) = any($1::text[])`, [
    list.map((o) => `${o.bucket}/${o.name}`),
  ]);
  const rows = new Set(present.rows.map((r) => `${r.bucket_id}/${r.name}`));
  const store = blobStoreOf(ctx);
  let written = 0;
  for (const [i, o] of list.entries()) {
    if (!rows.has(`${o.bucket}/${o.name}`)) continue;
    if ((await store.size(o.bucket, o.name)) !== null) continue;
    const bytes = o.mimetype === 'application/pdf' ? placeholderPdf(o.name) : placeholderPng(i);
    const staged = await store.stage(o.bucket, o.name, bytes);
    await staged.commit();
    // A planner file's row tells what the bytes are: their true size, not the size the seed gives the
    // real file, and that they are a placeholder, which the admin's Planner files says plainly (issue
    // #29: "4.0 MB" for a 713-byte stand-in). An upload over it writes its own metadata, without the
    // mark. Review media keep the sizes their review_media rows were seeded with.
    if (o.bucket === PLANNER_FILES_BUCKET)
      await ctx.db.query(
        `update storage.objects set metadata = coalesce(metadata, '{}'::jsonb) || jsonb_build_object('size', $3::bigint, 'contentLength', $3::bigint, '${SEED_PLACEHOLDER_KEY}', true)
        where bucket_id = $1 and name = $2`,
        [o.bucket, o.name, bytes.length],
      );
    written++;
  }
  return written;
}
