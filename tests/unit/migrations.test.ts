/**
 * The migrations' file names as the Supabase CLI reads them (`<version>_<name>.sql`): `supabase db push`
 * records each version once in supabase_migrations.schema_migrations, so two files with one version
 * would collide (two branches that each added a migration the same day did exactly that).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
