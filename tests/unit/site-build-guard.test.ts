/**
 * Issue 7, "A production build never publishes seed data": where the prerendered reviews come from
 * (site/data/review-snapshots.ts). A hosted project that cannot be read stops the build with a message
 * naming the URL and the two ways on (fix the URL / anon key, or KYB_PRERENDER_REVIEWS=off); the seed is
 * read only for the local stack and only when asked for (KYB_PRERENDER_REVIEWS=seed); with the opt-out no page carries a review or AggregateRating. The last
 * block runs `npm run build:site` itself, as a deploy would, into a temporary folder.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_SLUGS } from '../../shared/rules/reviews.ts';
import { PRODUCTS } from '../../shared/catalog.ts';
import { SiteBuildError, isLocalStackUrl, loadReviewSnapshots, reviewSnapshot } from '../../site/data/review-snapshots.ts';
import { renderPath, siteEnv } from '../../site/prerender.ts';
import { fakeProject, feedFor } from '../support/review-feed.ts';
import { LOCAL_STACK_START_MS } from '../../site/data/local-stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOSTED = 'https://proj.supabase.co';
const LOCAL = 'http://127.0.0.1:54321';
const unreachable = () => fakeProject(() => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:54321') })));
const load = (supabaseUrl: string, env: NodeJS.ProcessEnv, fetch?: typeof globalThis.fetch, log: (m: string) => void = () => {}) =>
  loadReviewSnapshots({ supabaseUrl, anonKey: 'anon', env, fetch, log });

describe('isLocalStackUrl', () => {
  it('takes loopback addresses for the local stack and anything else for a hosted project', () => {
    for (const u of [LOCAL, 'http://localhost:54321', 'http://LOCALHOST', 'http://api.kyb.localhost', 'http://127.1.2.3:9', 'http://[::1]:54321'])
      expect(isLocalStackUrl(u), u).toBe(true);
    for (const u of [HOSTED, 'https://api.kybhaircare.com', 'http://192.168.1.20:54321', 'http://127.0.0.1.nip.io', 'https://localhost.example.com', 'not a url'])
      expect(isLocalStackUrl(u), u).toBe(false);
  });
});

describe('a hosted project', () => {
  it.each([
    [
      'unreachable',
      () => Promise.reject(new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND proj.supabase.co') })),
      'fetch failed: getaddrinfo ENOTFOUND proj.supabase.co',
    ],
    ['too slow', () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), 'no answer within 10 s'],
    ['answering 401', () => new Response('{"message":"Invalid API key"}', { status: 401 }), 'review_feed for handmade-locs answered 401: {"message":"Invalid API key"}'],
    ['answering HTML', () => new Response('<!doctype html><title>Parked</title>', { status: 200 }), 'answered 200 with a body that is not JSON: <!doctype html>'],
    ['answering JSON that is no feed', () => Response.json({ hint: 'function not found' }), 'answered JSON that is not a review feed'],
  ])('that is %s stops the build, naming the URL and both ways on', async (_, answer, why) => {
    const err = await load(HOSTED, {}, fakeProject(answer as () => Promise<Response>).fetch).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SiteBuildError);
    const message = (err as Error).message;
    expect(message).toContain(`site: cannot read reviews from the hosted project ${HOSTED} (`);
    expect(message).toContain(why);
    expect(message).toContain('Check KYB_SUPABASE_URL and KYB_SUPABASE_ANON_KEY');
    expect(message).toContain('KYB_PRERENDER_REVIEWS=off npm run build');
    for (const slug of REVIEW_SLUGS) expect(reviewSnapshot(slug), slug).toBeUndefined();
  });

  it("that serves the seed's own reviews (ids 5eed0001-) stops the build too", async () => {
    const seeded = fakeProject((slug) => Response.json(feedFor(slug, '5eed0001-')));
    await expect(load(HOSTED, {}, seeded.fetch)).rejects.toThrow(
      /hosted project https:\/\/proj\.supabase\.co serves the local seed's made-up reviews[\s\S]*KYB_PRERENDER_REVIEWS=off/,
    );
  });

  it('is never replaced by the seed: KYB_PRERENDER_REVIEWS=seed is refused', async () => {
    const project = fakeProject();
    await expect(load(HOSTED, { KYB_PRERENDER_REVIEWS: 'seed' }, project.fetch)).rejects.toThrow(
      `site: KYB_PRERENDER_REVIEWS=seed would publish the local seed's made-up reviews, but KYB_SUPABASE_URL is the hosted project ${HOSTED}.`,
    );
    expect(project.calls).toEqual([]);
  });

  it('needs its own anon key: the local demo key is not published with a hosted URL', () => {
    expect(() => siteEnv({ KYB_SUPABASE_URL: HOSTED })).toThrow(`KYB_SUPABASE_URL is the hosted project ${HOSTED} but KYB_SUPABASE_ANON_KEY is not set`);
  });

  it('builds with KYB_PRERENDER_REVIEWS=off without reading anything, and no page claims a rating or "no reviews"', async () => {
    const project = unreachable();
    const logs: string[] = [];
    expect(await load(HOSTED, { KYB_PRERENDER_REVIEWS: 'off' }, project.fetch, (m) => logs.push(m))).toEqual({ source: 'none', count: 0 });
    expect(project.calls).toEqual([]);
    expect(logs).toEqual(['site: KYB_PRERENDER_REVIEWS=off: no reviews prerendered; the kyb-reviews element loads them in the browser']);
    const { html } = renderPath('/products/irie-locs', siteEnv({ KYB_SUPABASE_URL: HOSTED, KYB_SUPABASE_ANON_KEY: 'anon' }));
    expect(html).not.toContain('AggregateRating');
    expect(html).not.toContain('"review"');
    expect(html).not.toContain('reviews-fallback__summary');
    expect(html).not.toContain('No reviews yet');
    expect(html).toContain('Reviews from our clients appear here with JavaScript on.');
    // Nor do the catalog cards (issue #10): no stars and no "No reviews yet" without a snapshot.
    for (const path of ['/products', '/products/lock-kit']) {
      const page = renderPath(path, siteEnv({ KYB_SUPABASE_URL: HOSTED, KYB_SUPABASE_ANON_KEY: 'anon' })).html;
      expect(page, path).not.toContain('catalog-rating');
      expect(page, path).not.toContain('No reviews yet');
    }
  });

  it('rejects an unknown KYB_PRERENDER_REVIEWS value instead of guessing', async () => {
    await expect(load(HOSTED, { KYB_PRERENDER_REVIEWS: 'none' }, unreachable().fetch)).rejects.toThrow(/KYB_PRERENDER_REVIEWS must be unset .*"off" .*got "none"/);
  });
});

describe('what a readable project prerenders (issue #10)', () => {
  it("puts each listed product's average stars, drawn to scale, and review count on its catalog and related cards, linking to its reviews", async () => {
    expect(await load(HOSTED, {}, fakeProject().fetch)).toEqual({ source: 'backend', count: REVIEW_SLUGS.length });
    const env = siteEnv({ KYB_SUPABASE_URL: HOSTED, KYB_SUPABASE_ANON_KEY: 'anon' });
    const listed = PRODUCTS.filter((p) => p.listed);
    for (const path of ['/products', '/products/lock-kit']) {
      const ratings = [...renderPath(path, env).html.matchAll(/<a class="catalog-rating" href="([^"]+)">([\s\S]*?)<\/a>/g)];
      expect(
        ratings.map((m) => m[1]),
        path,
      ).toEqual(listed.filter((p) => path === '/products' || p.href !== path).map((p) => `${p.href}#reviews`));
      for (const [, , inner] of ratings) {
        // feedFor's summary: 4.5 from 2 reviews; 4.5 of 5 stars is 108 of the 120 units the stars span.
        expect(inner).toContain('viewBox="0 0 120 24"');
        expect(inner).toContain('<svg class="star-scale__fill" width="108"');
        expect(inner.replace(/<[^>]+>/g, '')).toBe('4.5 out of 5 stars, 2 reviews');
      }
    }
  });

  it("shows the brand's reply under its review, labelled and dated, in the product page's reviews", async () => {
    await load(HOSTED, {}, fakeProject().fetch);
    const html = renderPath('/products/irie-locs', siteEnv({ KYB_SUPABASE_URL: HOSTED, KYB_SUPABASE_ANON_KEY: 'anon' })).html;
    // Drawn by kyb-reviews' own card (site/components/review-cards.tsx): its Reply, dated in PRERENDER_TIME_ZONE.
    const reply = html.match(/<div class="rv-reply">([\s\S]*?)<\/div>/);
    expect(reply?.[1].replace(/<[^>]+>/g, '')).toBe('Response from KYB March 6, 2025Thank you, Fixture Client 1!');
    expect(html.match(/class="rv-reply"/g)).toHaveLength(1);
  });
});

describe('the local stack', () => {
  it('prerenders whatever its database holds, the seed included (npm start)', async () => {
    const local = fakeProject((slug) => Response.json(feedFor(slug, '5eed0001-')));
    expect(await load(LOCAL, {}, local.fetch)).toEqual({ source: 'backend', count: REVIEW_SLUGS.length });
    expect(renderPath('/products/irie-locs', siteEnv({ KYB_SUPABASE_URL: LOCAL })).html).toContain('"@type":"AggregateRating"');
  });

  it('prerenders no reviews when it is not running, and says how to get them: the seed only when asked for', async () => {
    const logs: string[] = [];
    expect(await load(LOCAL, {}, unreachable().fetch, (m) => logs.push(m))).toEqual({ source: 'none', count: 0 });
    expect(logs).toEqual([
      `site: local backend ${LOCAL} not readable (fetch failed: connect ECONNREFUSED 127.0.0.1:54321); no reviews prerendered (start it with \`npm start\`, or build on the seed: KYB_PRERENDER_REVIEWS=seed)`,
    ]);
    const { html } = renderPath('/products/irie-locs', siteEnv({ KYB_SUPABASE_URL: LOCAL }));
    expect(html).not.toContain('AggregateRating');
    expect(html).toContain('Reviews from our clients appear here with JavaScript on.');
  });

  it(
    'reads the seed with KYB_PRERENDER_REVIEWS=seed over HTTP from a local stack it starts as a process, through the same reader as the element',
    async () => {
      const project = unreachable();
      expect(await load(LOCAL, { KYB_PRERENDER_REVIEWS: 'seed' }, project.fetch)).toEqual({ source: 'local-seed', count: REVIEW_SLUGS.length });
      expect(project.calls).toEqual([]);
      const { html } = renderPath('/products/irie-locs', siteEnv({ KYB_SUPABASE_URL: LOCAL }));
      expect(html).toMatch(/"aggregateRating":\{"@type":"AggregateRating","ratingValue":\d(\.\d)?,"reviewCount":\d+/);
      expect(html).toMatch(/class="reviews-fallback__summary"><strong>\d\.\d<\/strong><svg[\s\S]*?<\/svg><span class="sr-only"> out of 5\. <\/span><span>Based on \d+ reviews?</);
      expect(html).toContain(reviewSnapshot('irie-locs')!.reviews[0].title);
      // The stack migrates and seeds a new database first: as long as the build itself allows it, and then some.
    },
    LOCAL_STACK_START_MS + 30_000,
  );
});

describe('npm run build:site against a hosted project', () => {
  let tmp: string;
  let widgets: string;
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'kyb-site-guard-'));
    widgets = join(tmp, 'widgets');
    await mkdir(widgets);
    await writeFile(join(widgets, 'kyb-widgets.js'), 'export {};\n');
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  function buildSiteCli(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
    return new Promise((done, fail) => {
      const child = spawn('npm', ['run', '--silent', 'build:site'], {
        cwd: ROOT,
        env: { ...process.env, KYB_SUPABASE_URL: 'https://kyb-test.invalid', KYB_SUPABASE_ANON_KEY: 'x', KYB_PRERENDER_REVIEWS: '', KYB_WIDGETS_DIR: widgets, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', fail);
      child.on('close', (code) => done({ code, stderr }));
    });
  }

  it('fails when the project cannot be read, says why and what to do, and writes nothing', async () => {
    const out = join(tmp, 'unreadable');
    const r = await buildSiteCli({ KYB_SITE_OUT: out });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('site: cannot read reviews from the hosted project https://kyb-test.invalid (');
    expect(r.stderr).toContain('KYB_PRERENDER_REVIEWS=off npm run build');
    expect(r.stderr).not.toMatch(/\n\s+at /); // the message, not a stack trace
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('with KYB_PRERENDER_REVIEWS=off, builds every page with no review, rating or seed text', async () => {
    const out = join(tmp, 'opted-out');
    const r = await buildSiteCli({ KYB_SITE_OUT: out, KYB_PRERENDER_REVIEWS: 'off' });
    expect(r.code, r.stderr).toBe(0);
    const files = (await readdir(out, { recursive: true })).filter((f) => /\.(html|xml|txt|js)$|_headers$/.test(f));
    expect(files.length).toBeGreaterThan(40);
    // What seed.sql would put on a page: its reviews (titles, reviewers), customers (names, e-mails; the
    // admin's display name is the brand's own), fixed ids, gallery files.
    const sql = await readFile(join(ROOT, 'supabase/seed.sql'), 'utf8');
    const seedReviews = [...sql.matchAll(/^\s+\('5eed0001-[^']+', '[^']+', '[a-z-]+', \d,\s+'((?:[^']|'')+)',\s+'(?:[^']|'')+',\s+'([^']+)'/gm)].flatMap((m) => [
      m[1].replace(/''/g, "'"),
      m[2],
    ]);
    const seedPeople = [...sql.matchAll(/"full_name":"([^"]+)"|'([\w.]+@example\.com)'/g)].map((m) => m[1] ?? m[2]).filter((p) => p !== 'KYB Studio');
    expect(seedReviews.length).toBeGreaterThan(40);
    expect(seedPeople.length).toBeGreaterThan(10);
    const forbidden = [
      'AggregateRating',
      '"@type":"Review"',
      'reviews-fallback__summary',
      'reviews-fallback__item',
      'class="rv-review"',
      'class="rv-reply"',
      'class="catalog-rating',
      '5eed',
      'kyb.local',
      'planner-gallery/seed',
      ...seedReviews,
      ...seedPeople,
    ];
    for (const f of files) {
      const text = await readFile(join(out, f), 'utf8');
      for (const s of forbidden) expect.soft(text.includes(s), `${f} contains ${s}`).toBe(false);
    }
    expect(await readFile(join(out, 'products/irie-locs/index.html'), 'utf8')).toContain('<meta name="kyb-supabase-url" content="https://kyb-test.invalid"/>');
  }, 60_000);
});
