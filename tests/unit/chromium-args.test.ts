/**
 * tests/support/chromium.ts repeats Playwright's own `--disable-features` list, because Chromium keeps
 * only the last `--disable-features` it is given and Playwright puts ours after its own. This reads the
 * list out of the installed playwright-core, so an upgrade that adds a name fails here, not silently.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../support/chromium.ts';

const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');

describe('the switches Chromium starts with', () => {
  it('keep every feature Playwright disables, in the one --disable-features Chromium reads', () => {
    const literal = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
    expect(literal, "playwright-core's chromiumSwitches list of disabled features (moved? re-read it)").toBeTruthy();
    const theirs = [...(literal ?? '').matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1]);
    expect(theirs.length, 'names read from the list').toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...theirs].sort());
    const ours = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(ours, 'one --disable-features').toHaveLength(1);
    const names = ours[0].slice('--disable-features='.length).split(',');
    for (const name of theirs) expect(names, name).toContain(name);
    expect(names).toContain('WebUIOmniboxPopup');
  });
});
