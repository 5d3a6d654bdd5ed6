/**
 * Object-name, MIME-type and size rules of the storage service, as hosted Storage applies them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPABASE_DIR } from '../db.ts';

/** Longest object name, in UTF-8 bytes (S3's key limit). */
export const MAX_KEY_BYTES = 1024;

/**
 * Hosted Storage accepts only S3-safe characters in a key (supabase/storage src/storage/limits.ts
 * `isValidKey`); that also shuts out control characters, backslashes and percent signs. On top of it
 * this stand-in keeps bytes on disk under the key, so `.`/`..` and empty segments are refused too:
 * no name can climb out of its bucket's folder or alias another one.
 */
const S3_SAFE = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function isValidKey(name: string): boolean {
  if (!name || Buffer.byteLength(name, 'utf8') > MAX_KEY_BYTES) return false;
  if (!S3_SAFE.test(name)) return false;
  return name.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** Bucket ids follow the same character rules without slashes (limits.ts `isValidBucketName`). */
export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length < 64 && !name.includes('/') && name !== '.' && name !== '..' && S3_SAFE.test(name);
}

/** The part before any `;` parameters, lower-cased: `image/PNG; q=1` → `image/png`. */
export function baseMime(mime: string): string {
  return mime.split(';')[0].trim().toLowerCase();
}

/** `allowed_mime_types` entries may be exact (`image/png`) or a whole type (`image/*`). */
export function mimeAllowed(mime: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const want = baseMime(mime);
  const [type] = want.split('/');
  return allowed.some((a) => {
    const rule = baseMime(a);
    return rule === want || (rule.endsWith('/*') && rule.slice(0, -2) === type);
  });
}

/**
 * The project-wide upload cap: `[storage] file_size_limit` in supabase/config.toml (the one place it is
 * set; hosted projects configure the same value), read once. A bucket's own limit can only lower it.
 */
export const GLOBAL_FILE_SIZE_LIMIT = (() => {
  const fallback = 50 * 1024 * 1024;
  try {
    const toml = readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8');
    const section = toml.split(/^\[storage\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
    const m = section.match(/^\s*file_size_limit\s*=\s*"(\d+)\s*(B|KiB|MiB|GiB|KB|MB|GB)"/m);
    if (!m) return fallback;
    const unit = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, KB: 1e3, MB: 1e6, GB: 1e9 }[m[2]] ?? 1;
    return Number(m[1]) * unit;
  } catch {
    return fallback;
  }
})();

export function effectiveLimit(bucketLimit: unknown): number {
  const n = bucketLimit === null || bucketLimit === undefined ? NaN : Number(bucketLimit);
  return Number.isFinite(n) && n > 0 ? Math.min(n, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT;
}
