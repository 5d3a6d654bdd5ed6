/**
 * Vitest wiring of the e2e fixture: one stack, one static server and one Chromium per test file; after
 * each test, any unexpected console error or page error on any page it opened fails that test.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { describeProblems, startSite, type Site, type StartOptions } from './site.ts';

export function useSite(opts: StartOptions = {}): { readonly site: Site } {
  let site: Site | null = null;
  beforeAll(async () => {
    site = await startSite(opts);
  });
  afterEach(() => {
    if (!site) return;
    const problems = site.takeProblems();
    if (problems.length) expect.fail(`unexpected console errors / page errors:\n${describeProblems(problems)}`);
  });
  afterAll(async () => {
    await site?.close();
  });
  return {
    get site() {
      if (!site) throw new Error('the e2e site is not started (beforeAll failed?)');
      return site;
    },
  };
}
