/**
 * `npm run migrations:lock`: lists each migration of supabase/migrations that is not listed yet in
 * supabase/migrations/checksums.sha256, with the sha256 of its text (sha256sum's format, so
 * `cd supabase/migrations && sha256sum -c checksums.sha256` checks it too). Run it when a migration lands
 * on main: from then on tests/unit/migrations.test.ts fails if that file changes or goes, because a
 * database that applied it (a hosted project after `db push`, a developer's .data/) never applies it
 * again. A change goes in a new migration. It never rewrites a listed line: it refuses while one differs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations/', import.meta.url));
export const LOCK_FILE = 'checksums.sha256';

/** The listed migrations, file → sha256, in the file's order. */
export function readLock(dir = MIGRATIONS_DIR): Map<string, string> {
  const path = join(dir, LOCK_FILE);
  const lines = existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
  return new Map(
    lines.map((line) => {
      const m = /^([0-9a-f]{64}) {2}(\S+\.sql)$/.exec(line);
      if (!m) throw new Error(`${LOCK_FILE}: not "<sha256>  <file>.sql": ${line}`);
      return [m[2], m[1]];
    }),
  );
}

export const fileSha256 = (dir: string, file: string) =>
  createHash('sha256')
    .update(readFileSync(join(dir, file)))
    .digest('hex');

/** What differs from the lock: listed migrations that changed or are gone, and the ones not listed yet. */
export function checkLock(dir = MIGRATIONS_DIR): { changed: string[]; missing: string[]; unlisted: string[] } {
  const lock = readLock(dir);
  const files = new Set(readdirSync(dir).filter((f) => f.endsWith('.sql')));
  const listed = [...lock.keys()];
  return {
    changed: listed.filter((f) => files.has(f) && fileSha256(dir, f) !== lock.get(f)),
    missing: listed.filter((f) => !files.has(f)),
    unlisted: [...files].filter((f) => !lock.has(f)).sort(),
  };
}

/** Appends the unlisted migrations; refuses (returns the problems) while a listed one changed or is gone. */
export function lockMigrations(dir = MIGRATIONS_DIR): { added: string[]; problems: string[] } {
  const { changed, missing, unlisted } = checkLock(dir);
  const problems = [
    ...changed.map((f) => `${f} has changed since it landed: put the change in a new migration and restore it (git checkout main -- supabase/migrations/${f})`),
    ...missing.map((f) => `${f} has landed and is gone: restore it (git checkout main -- supabase/migrations/${f})`),
  ];
  if (problems.length || !unlisted.length) return { added: [], problems };
  const lock = readLock(dir);
  for (const f of unlisted) lock.set(f, fileSha256(dir, f));
  const lines = [...lock].sort(([a], [b]) => (a < b ? -1 : 1)).map(([f, sum]) => `${sum}  ${f}\n`);
  writeFileSync(join(dir, LOCK_FILE), lines.join(''));
  return { added: unlisted, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { added, problems } = lockMigrations();
  if (problems.length) {
    console.error(`migrations:lock: nothing written.\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(added.length ? `migrations:lock: listed ${added.join(', ')}` : 'migrations:lock: every migration is listed already');
}
