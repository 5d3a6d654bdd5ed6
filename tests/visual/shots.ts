/**
 * Screenshot baselines and the contact sheet (issue #8).
 *
 * Baselines: tests/visual/baselines/<group>/<name>@<width>.png, committed, stored small to keep the
 * repository light (a quarter of the width at 1280 px, half below; 4 bits per colour channel); compared with pixelmatch (per-pixel colour threshold
 * 0.1) and a tolerance of 1.5 % differing pixels. A missing baseline is written and reported (and fails
 * under `npm test` and CI=1); `npm run visual -- --update` (KYB_VISUAL_UPDATE=1) rewrites them all.
 *
 * Full-size shots, diffs and the contact sheet go to test-results/visual/ (gitignored).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import type { Page } from 'playwright';
import { ROOT } from '../e2e/support/site.ts';

export const BASELINES = join(ROOT, 'tests/visual/baselines');
export const OUT = join(ROOT, 'test-results/visual');
const LEVEL = 16; // posterize to 16 levels per channel: photos compress ~3x better, layout still shows
// 1.5 %: a toast that timed out between two runs, antialiasing; a layout change moves far more.
// `npm test` passes KYB_VISUAL_TOLERANCE=0.15 (scripts/test.ts): now and then headless Chromium paints a
// stale copy of the sticky header into a shot (a band of about 7 % of the viewport) and a second shot
// keeps it, so the full suite fails only on changes larger than that, while `npm run visual` holds every
// shot to 1.5 %.
const TOLERANCE = Number(process.env.KYB_VISUAL_TOLERANCE) || 0.015;
const update = process.env.KYB_VISUAL_UPDATE === '1';
// `npm test` (scripts/test.ts) and CI fail on a shot with no baseline: a state or route added without its
// baseline would otherwise pass unseen; `npm run visual` writes it for a person to look at.
const strictBaselines = !!process.env.CI || process.env.KYB_VISUAL_MISSING === 'fail';

/**
 * Shots are JPEG at quality 90, decoded by sharp (libvips), issue #28: Chromium encodes a 1280 × 800 PNG
 * in about 220 ms of CPU and pngjs decodes it in 55 more, where the JPEG costs about 75 and sharp 45
 * (measured on /products), over some 1,100 shots a run. What JPEG changes in a pixel is a few levels at
 * an edge: the 2× or 4× box filter below averages it away, and pixelmatch's colour threshold is wider
 * than one of the 16 levels a baseline keeps, so the baselines compare as before.
 */
const SHOT_FORMAT = { type: 'jpeg', quality: 90 } as const;

/** Box-filter downscale by an integer factor and posterize, so a baseline stays small and compares stably. */
function downscale(src: { width: number; height: number; data: Uint8Array }): PNG {
  const f = src.width > 800 ? 4 : 2;
  const w = Math.floor(src.width / f);
  const h = Math.floor(src.height / f);
  const out = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = 0; dy < f; dy++) for (let dx = 0; dx < f; dx++) sum += src.data[((y * f + dy) * src.width + x * f + dx) * 4 + c];
        const v = Math.round(sum / (f * f));
        out.data[(y * w + x) * 4 + c] = c === 3 ? v : Math.min(255, Math.floor(v / LEVEL) * LEVEL + LEVEL / 2);
      }
  return out;
}

export interface Shot {
  group: string;
  title: string;
  width: number;
  file: string;
  diff?: string;
  problems: string[];
}

/**
 * Shoots `page` (its viewport, or the whole page), writes the full-size shot for the contact sheet and
 * compares its downscaled copy with the baseline; returns problems.
 */
export async function shoot(
  page: Page,
  group: string,
  name: string,
  width: number,
  opts: { fullPage?: boolean } = {},
): Promise<{ file: string; diff?: string; problems: string[] }> {
  const image = await page.screenshot({ ...SHOT_FORMAT, fullPage: opts.fullPage, animations: 'disabled', caret: 'hide' });
  const rel = join(group, `${name}@${width}.png`);
  const file = join(OUT, 'shots', rel.replace(/\.png$/, '.jpg'));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, image);
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const small = downscale({ width: info.width, height: info.height, data });
  const base = join(BASELINES, rel);
  if (update || !existsSync(base)) {
    mkdirSync(dirname(base), { recursive: true });
    writeFileSync(base, PNG.sync.write(small, { deflateLevel: 9 }));
    if (!update) console.warn(`visual: new baseline ${relative(ROOT, base)}`);
    return { file, problems: !update && strictBaselines ? [`no baseline (run npm run visual -- --update)`] : [] };
  }
  const old = PNG.sync.read(readFileSync(base));
  if (old.width !== small.width || old.height !== small.height) {
    return { file, problems: [`size ${small.width}x${small.height} differs from the baseline's ${old.width}x${old.height}`] };
  }
  const diff = new PNG({ width: small.width, height: small.height });
  const n = pixelmatch(old.data, small.data, diff.data, small.width, small.height, { threshold: 0.1 });
  const share = n / (small.width * small.height);
  if (share <= TOLERANCE) return { file, problems: [] };
  const diffFile = join(OUT, 'diffs', rel);
  mkdirSync(dirname(diffFile), { recursive: true });
  writeFileSync(diffFile, PNG.sync.write(diff));
  return { file, diff: diffFile, problems: [`${(share * 100).toFixed(1)}% of pixels differ from the baseline (see ${relative(ROOT, diffFile)})`] };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** One HTML page of every shot: a row per route or state, a column per width; problems in red. */
export function writeContactSheet(shots: Shot[], widths: readonly number[]): string {
  const rows = new Map<string, Map<string, Shot[]>>();
  for (const s of shots) {
    const g = rows.get(s.group) ?? rows.set(s.group, new Map()).get(s.group)!;
    (g.get(s.title) ?? g.set(s.title, []).get(s.title)!).push(s);
  }
  const cell = (s: Shot | undefined) =>
    !s
      ? '<td></td>'
      : `<td><a href="${esc(relative(OUT, s.file))}"><img loading="lazy" src="${esc(relative(OUT, s.file))}" width="${Math.round(s.width / 4)}" alt=""></a>${
          s.problems.length ? `<ul class="bad">${s.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : ''
        }${s.diff ? `<a href="${esc(relative(OUT, s.diff))}">diff</a>` : ''}</td>`;
  const body = [...rows]
    .map(
      ([group, titles]) =>
        `<h2 id="${esc(group)}">${esc(group)}</h2><table><tr><th></th>${widths.map((w) => `<th>${w} px</th>`).join('')}</tr>${[...titles]
          .map(([title, list]) => `<tr><th>${esc(title)}</th>${widths.map((w) => cell(list.find((s) => s.width === w))).join('')}</tr>`)
          .join('')}</table>`,
    )
    .join('\n');
  const problems = shots.reduce((n, s) => n + s.problems.length, 0);
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>KYB visual contact sheet</title>
<style>body{font:14px system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;margin-bottom:2rem}th,td{border:1px solid #ddd;padding:4px;vertical-align:top;text-align:left}th{max-width:14rem}img{display:block;border:1px solid #ccc}.bad{color:#b00020;max-width:20rem;margin:4px 0;padding-left:1rem}nav a{margin-right:.6rem}</style>
<h1>Visual contact sheet</h1><p>${shots.length} screenshots, ${problems} problems. Generated ${new Date().toISOString()}.</p>
<nav>${[...rows.keys()].map((g) => `<a href="#${esc(g)}">${esc(g)}</a>`).join('')}</nav>
${body}</html>`;
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, 'index.html');
  writeFileSync(file, html);
  return file;
}
