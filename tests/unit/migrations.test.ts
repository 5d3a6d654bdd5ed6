/**
 * The migrations' file names as the Supabase CLI reads them (`<version>_<name>.sql`): `supabase db push`
 * records each version once in supabase_migrations.schema_migrations, so two files with one version
 * would collide (two branches that each added a migration the same day did exactly that).
 */
import { describe, expect, it } from 'vitest';
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE, checkLock, lockMigrations, readLock } from '../../scripts/migrations-lock.ts';

const DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

describe('supabase/migrations', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.sql'));

  it('names every file <14-digit version>_<snake_case name>.sql', () => {
    for (const f of files) expect(f).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
  });

  it('gives every migration a version of its own', () => {
    const versions = files.map((f) => f.slice(0, 14));
    expect(versions.filter((v, i) => versions.indexOf(v) !== i)).toEqual([]);
  });
});

/**
 * Migrations are history: a migration that has landed on main is never edited or removed, because a
 * database that applied it (a hosted project after `supabase db push`, a developer's .data/) never
 * applies it again. supabase/migrations/checksums.sha256 lists each landed one with its sha256; `npm run
 * migrations:lock` lists new ones when they land. A file not listed yet is a migration still being written.
 */
describe('supabase/migrations/checksums.sha256', () => {
  it('lists landed migrations whose text has not changed since, none of them gone', () => {
    const { changed, missing } = checkLock();
    expect({ changed, missing }).toEqual({ changed: [], missing: [] });
    expect(readLock().size).toBeGreaterThanOrEqual(28);
  });

  it('catches a listed migration that changed or went, and lets a new one be (checked on a copy)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kyb-lock-'));
    try {
      for (const f of readdirSync(DIR)) copyFileSync(join(DIR, f), join(dir, f));
      const [first, second] = [...readLock(dir).keys()];
      appendFileSync(join(dir, first), '\n-- a comment is a change too\n');
      unlinkSync(join(dir, second));
      writeFileSync(join(dir, '20991231000000_new.sql'), 'select 1;');
      expect(checkLock(dir)).toEqual({ changed: [first], missing: [second], unlisted: ['20991231000000_new.sql'] });
      // The lock refuses to list anything while history differs, and never rewrites a listed line.
      const before = readFileSync(join(dir, LOCK_FILE), 'utf8');
      expect(lockMigrations(dir).problems).toHaveLength(2);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
