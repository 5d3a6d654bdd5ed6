/**
 * One Node version, said four ways: the `node` dev dependency (the binary npm scripts run on), the
 * version managers' files (.node-version, .nvmrc), and engines (README "Node", issue #12).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const pinned: string = pkg.devDependencies.node;
const major = Number(pinned.split('.')[0]);

describe('the Node version', () => {
  it('is pinned exactly by the node dev dependency, and the lockfile installs that version', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lock.packages['node_modules/node']?.version).toBe(pinned);
  });

  it.each(['.node-version', '.nvmrc'])('%s names the same version', (file) => {
    expect(readFileSync(join(root, file), 'utf8').trim().replace(/^v/, '')).toBe(pinned);
  });

  it('engines asks for its major line, in package.json and the lockfile', () => {
    expect(pkg.engines.node).toBe(`>=${major}`);
    expect(lock.packages[''].engines.node).toBe(pkg.engines.node);
  });

  it('is the Node the tests run on', () => {
    expect(process.versions.node).toBe(pinned);
  });
});
