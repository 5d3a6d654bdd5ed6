/**
 * The arrows of ARCHITECTURE.md around ui/ (issue #30, item 3), read from the sources: the site draws
 * what the elements draw through ui/ and reaches the local stack over HTTP only; ui/ imports neither
 * side. Every import form counts, type-only ones and dynamic import() included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Each relative import of the .ts/.tsx files under `folder`, as `file → target` from the root. */
function importsUnder(folder: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(join(ROOT, folder), { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(f)) continue;
    const file = join(ROOT, folder, f);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith('.')) out.push(`${relative(ROOT, file)} → ${relative(ROOT, resolve(dirname(file), spec))}`);
    }
  }
  return out;
}

describe('ui/, the home of what both sides draw', () => {
  it('imports neither widgets/ nor site/ nor the backend code', () => {
    const edges = importsUnder('ui');
    expect(edges.length).toBeGreaterThan(0);
    expect(edges.filter((e) => /→ (widgets|site|supabase\/local|supabase\/functions)\//.test(e))).toEqual([]);
  });

  it('is where the site takes what the elements draw: no site file imports widgets/ or supabase/local/', () => {
    const edges = importsUnder('site');
    expect(edges.some((e) => /→ ui\//.test(e))).toBe(true);
    expect(edges.filter((e) => /→ (widgets|supabase\/local|supabase\/functions)\//.test(e))).toEqual([]);
  });
});
