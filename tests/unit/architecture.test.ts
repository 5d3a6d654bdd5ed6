/**
 * ARCHITECTURE.md's rules as `npm run lint` checks them (.dependency-cruiser.cjs): a small tree that
 * breaks each rule once is cruised with the project's own configuration, and every rule must report its
 * violation. So a rule that stopped matching (a moved folder, a parser that dropped `import type`) fails
 * here instead of passing the lint in silence.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Each file of the tree and what it imports: every rule broken once, and one file that breaks none. */
const TREE: Record<string, string> = {
  // no-circular through type-only imports alone.
  'shared/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
  'shared/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
  // Node's modules and packages are outside the rules (here zod cannot even be resolved).
  'shared/leaf.ts': "import { createHash } from 'crypto';\nimport * as z from 'zod/mini';\nexport const LEAF = [createHash, z];\n",
  // shared-is-a-leaf
  'shared/reaches-out.ts': "import { W } from '../widgets/w.ts';\nexport const X = W;\n",
  // widgets-reach-the-backend-over-http
  'widgets/w.ts': "import { LEAF } from '../shared/leaf.ts';\nimport { U } from '../ui/u.ts';\nexport const W = [LEAF, U];\n",
  'widgets/to-site.ts': "import { S } from '../site/s.ts';\nexport const X = S;\n",
  // site-imports-no-backend
  'site/s.ts': "import { U } from '../ui/u.ts';\nexport const S = U;\n",
  'site/to-local.ts': "import { L } from '../supabase/local/l.ts';\nexport const X = L;\n",
  'site/to-widgets.ts': "import { W } from '../widgets/w.ts';\nexport const X = W;\n",
  // ui-belongs-to-neither-side
  'ui/u.ts': "import { LEAF } from '../shared/leaf.ts';\nexport const U = LEAF;\n",
  'ui/to-site.ts': "import { S } from '../site/s.ts';\nexport const X = S;\n",
  // functions-run-without-the-local-stack
  'supabase/functions/f/handler.ts': "import { L } from '../../local/l.ts';\nexport const X = L;\n",
  // local-stack-borrows-nothing-of-the-app, functions-shared-is-theirs
  'supabase/local/l.ts': "import { F } from '../functions/_shared/f.ts';\nexport const L = F;\n",
  'supabase/functions/_shared/f.ts': 'export const F = 1;\n',
  // scripts and tests may import anything.
  'tests/t.ts': "import { L } from '../supabase/local/l.ts';\nimport { F } from '../supabase/functions/_shared/f.ts';\nexport const T = [L, F];\n",
};

function cruise(tree: Record<string, string>): { code: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kyb-architecture-'));
  try {
    for (const [file, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const bin = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
    const run = spawnSync(process.execPath, [bin, '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err', '.'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { code: run.status, out: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('.dependency-cruiser.cjs', () => {
  it('reports every rule ARCHITECTURE.md states, type-only cycles included, and fails', () => {
    const { code, out } = cruise(TREE);
    expect(code).not.toBe(0);
    const reported = (rule: string) => out.split('\n').filter((l) => l.includes(`error ${rule}:`));
    expect(reported('no-circular').join('\n')).toMatch(/shared\/(a|b)\.ts/);
    expect(reported('shared-is-a-leaf')).toEqual([expect.stringContaining('shared/reaches-out.ts → widgets/w.ts')]);
    expect(reported('widgets-reach-the-backend-over-http')).toEqual([expect.stringContaining('widgets/to-site.ts → site/s.ts')]);
    expect(reported('site-imports-no-backend').toSorted()).toEqual([
      expect.stringContaining('site/to-local.ts → supabase/local/l.ts'),
      expect.stringContaining('site/to-widgets.ts → widgets/w.ts'),
    ]);
    expect(reported('ui-belongs-to-neither-side')).toEqual([expect.stringContaining('ui/to-site.ts → site/s.ts')]);
    expect(reported('functions-run-without-the-local-stack')).toEqual([expect.stringContaining('supabase/functions/f/handler.ts → supabase/local/l.ts')]);
    expect(reported('local-stack-borrows-nothing-of-the-app')).toEqual([expect.stringContaining('supabase/local/l.ts → supabase/functions/_shared/f.ts')]);
    expect(reported('functions-shared-is-theirs')).toEqual([expect.stringContaining('supabase/local/l.ts → supabase/functions/_shared/f.ts')]);
    expect(out).not.toMatch(/tests\/t\.ts →/);
  });

  it('passes a tree that keeps the rules', () => {
    const kept = Object.fromEntries(
      Object.entries(TREE).filter(([f]) => ['shared/leaf.ts', 'ui/u.ts', 'widgets/w.ts', 'site/s.ts', 'supabase/functions/_shared/f.ts', 'tests/t.ts'].includes(f)),
    );
    kept['supabase/local/l.ts'] = 'export const L = 1;\n';
    expect(cruise(kept)).toMatchObject({ code: 0 });
  });
});
