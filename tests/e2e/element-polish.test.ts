/**
 * What a reviewer of the visual baselines found in the elements (issue #8), each checked on the state
 * of the states catalogue that showed it, rendered by the built playground on the site's origin and
 * the real local stack (as tests/visual does):
 * - the admin inbox's item dialog fits a small phone: a margin all round, its actions (Close included)
 *   inside it and on top, the fields scrolling between title and actions;
 * - kyb-beta-gate has a state with the unlocked tools list (a state's `storage`, applied by the stage),
 *   and the next state in the same tab is locked again;
 * - the gallery admin says "No file chosen" on its own row, whole;
 * - the auth dialog's selected tab stands apart from the other (3:1), aria-selected follows it;
 * - the configurator's Copy link border has 3:1 against what is behind it;
 * - the three admin elements' access-denied cards are laid out alike;
 * - the planner gallery's loading cover is faded (it read as the finished gallery), in the same box.
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright';
import { stateUrl } from '../../widgets/playground/catalogue.ts';
import { BETA_UNLOCK_KEY } from '../../shared/storage.ts';
import { ADMIN_CREDENTIALS } from '../../supabase/local/admin-credentials.ts';
import { signedInStorage } from './support/auth.ts';
import { useSite } from './support/hooks.ts';
import { ROOT } from './support/site.ts';

const ctx = useSite();
// The playground is not deployed with the site: served from this run's copy of it (as tests/visual).
beforeAll(async () => {
  await cp(join(ROOT, 'dist/widgets/playground'), join(ctx.site.dir, 'widgets/playground'), { recursive: true });
});

async function openState(tag: string, id: string, opts: BrowserContextOptions = {}, page?: Page): Promise<Page> {
  const p = page ?? (await (await ctx.site.context({ reducedMotion: 'reduce', ...opts })).newPage());
  const backend = { url: ctx.site.backendUrl, key: ctx.site.stack.config.anonKey };
  await p.goto(`${ctx.site.url}/widgets/playground/${stateUrl(tag, id, backend)}`);
  await p.waitForFunction(() => !/^(loading)?$/.test(document.documentElement.dataset.state ?? ''), null, { timeout: 20_000 });
  expect(await p.evaluate(() => document.documentElement.dataset.state), `${tag} ${id} renders`).toBe('ready');
  return p;
}

/** WCAG contrast of two `rgb(…)` colours (alpha ignored: the callers pass opaque ones). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('element polish from the visual review (issue #8)', () => {
  it('the inbox item dialog fits a 320 × 480 phone with its actions, Close included, in view and on top', async () => {
    const storageState = await signedInStorage(ctx.site, ADMIN_CREDENTIALS);
    for (const viewport of [
      { width: 320, height: 480 },
      { width: 320, height: 568 },
      { width: 390, height: 844 },
    ]) {
      const page = await openState('kyb-admin-inbox', 'item-open', { viewport, storageState });
      const m = await page.evaluate(() => {
        const root = document.querySelector('kyb-admin-inbox')!.shadowRoot!;
        const dialog = root.querySelector('dialog')!;
        // Back to the top of the item, as when reading it from its title: opening it focuses the first
        // action, which had scrolled the whole dialog down to the buttons and the title out of view.
        for (const e of [dialog, ...dialog.querySelectorAll('*')]) e.scrollTop = 0;
        const d = dialog.getBoundingClientRect();
        const title = root.querySelector('[part~="details"] h3')!.getBoundingClientRect();
        const actions = [...root.querySelectorAll<HTMLElement>('[part~="actions"] button')].map((b) => {
          const r = b.getBoundingClientRect();
          const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return { label: b.textContent!.trim(), top: r.top, bottom: r.bottom, onTop: hit === b || b.contains(hit) };
        });
        const fields = root.querySelector<HTMLElement>('[part~="details"] dl')!;
        return {
          titleShown: title.top >= d.top && title.bottom <= d.bottom,
          top: d.top,
          bottom: d.bottom,
          left: d.left,
          right: d.right,
          vw: innerWidth,
          vh: innerHeight,
          actions,
          scrolls: fields.scrollHeight > fields.clientHeight,
          overflowY: getComputedStyle(fields).overflowY,
        };
      });
      const at = `${viewport.width}×${viewport.height}`;
      expect(m.top, `a margin above the dialog at ${at}`).toBeGreaterThanOrEqual(8);
      expect(m.vh - m.bottom, `a margin below the dialog at ${at}`).toBeGreaterThanOrEqual(8);
      expect(m.left, `a margin left at ${at}`).toBeGreaterThanOrEqual(8);
      expect(m.vw - m.right, `a margin right at ${at}`).toBeGreaterThanOrEqual(8);
      expect(m.titleShown, `the title in view at ${at}`).toBe(true);
      expect(m.actions.map((a) => a.label)).toEqual(['Mark handled', 'Archive', 'Close']);
      for (const a of m.actions) {
        expect(a.top >= m.top && a.bottom <= m.bottom, `${a.label} inside the dialog at ${at}`).toBe(true);
        expect(a.onTop, `${a.label} is what a tap at its centre reaches at ${at}`).toBe(true);
      }
      if (m.scrolls) expect(m.overflowY, `the fields scroll at ${at}`).toBe('auto');
      if (viewport.height === 480) expect(m.scrolls, 'at 480 px high the fields scroll between title and actions').toBe(true);
      await page.context().close();
    }
  });

  it('an open order fits a 320 × 480 phone: title on top, its steps (Close included) in view and on top, the sections scrolling between', async () => {
    const storageState = await signedInStorage(ctx.site, ADMIN_CREDENTIALS);
    for (const [viewport, state] of [
      [{ width: 320, height: 480 }, 'open-ready'],
      [{ width: 320, height: 568 }, 'open-deposit-paid'],
      [{ width: 390, height: 844 }, 'ship-blocked'],
    ] as const) {
      const page = await openState('kyb-admin-orders', state, { viewport, storageState });
      const m = await page.evaluate(() => {
        const root = document.querySelector('kyb-admin-orders')!.shadowRoot!;
        const d = root.querySelector('dialog.ao__dialog')!.getBoundingClientRect();
        const title = root.querySelector('[part~="details"] h3')!.getBoundingClientRect();
        const buttons = [...root.querySelectorAll<HTMLElement>('.ao__foot button')].map((b) => {
          const r = b.getBoundingClientRect();
          const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return { label: b.textContent!.trim(), top: r.top, bottom: r.bottom, onTop: hit === b || b.contains(hit) };
        });
        const sections = root.querySelector<HTMLElement>('[part~="sections"]')!;
        return { top: d.top, bottom: d.bottom, vh: innerHeight, titleShown: title.top >= d.top, buttons, overflowY: getComputedStyle(sections).overflowY };
      });
      const at = `${state} at ${viewport.width}×${viewport.height}`;
      expect(m.top, `a margin above the dialog, ${at}`).toBeGreaterThanOrEqual(8);
      expect(m.vh - m.bottom, `a margin below the dialog, ${at}`).toBeGreaterThanOrEqual(8);
      expect(m.titleShown, `the title in view, ${at}`).toBe(true);
      expect(m.buttons.length, `steps shown, ${at}`).toBeGreaterThan(0);
      for (const b of m.buttons) {
        expect(b.top >= m.top && b.bottom <= m.bottom, `${b.label} inside the dialog, ${at}`).toBe(true);
        expect(b.onTop, `${b.label} is what a tap at its centre reaches, ${at}`).toBe(true);
      }
      expect(m.overflowY, `the sections scroll, ${at}`).toBe('auto');
      await page.context().close();
    }
  });

  it('kyb-beta-gate has a state with the unlocked tools list, and the next state in the tab is locked again', async () => {
    const page = await openState('kyb-beta-gate', 'tools-unlocked');
    const gate = page.locator('kyb-beta-gate');
    await expect(gate.locator('[part~="unlocked"]').isVisible()).resolves.toBe(true);
    await expect(gate.getByRole('heading', { name: 'Beta Access Tools' }).isVisible()).resolves.toBe(true);
    await expect(gate.locator('[part~="tool-link"]').textContent()).resolves.toBe('Open the Crown Planner');
    expect(await page.evaluate((k) => sessionStorage.getItem(k), BETA_UNLOCK_KEY)).toBe('1');

    // The playground's frames share a tab: the unlock must not follow into the next state.
    await openState('kyb-beta-gate', 'tools', {}, page);
    await expect(gate.locator('[part~="card"]').isVisible()).resolves.toBe(true);
    await expect(gate.locator('[part~="unlocked"]').count()).resolves.toBe(0);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), BETA_UNLOCK_KEY)).toBeNull();
    await page.context().close();
  });

  it('the gallery admin says "No file chosen" whole, on its own row, at 320 px', async () => {
    const storageState = await signedInStorage(ctx.site, ADMIN_CREDENTIALS);
    const page = await openState('kyb-gallery-admin', 'filled', { viewport: { width: 320, height: 800 }, storageState });
    const m = await page.evaluate(() => {
      const root = document.querySelector('kyb-gallery-admin')!.shadowRoot!;
      const chosen = root.querySelector<HTMLElement>('[part~="chosen"]');
      const input = root.querySelector<HTMLElement>('[part~="file-input"]')!.getBoundingClientRect();
      if (!chosen) return null;
      const r = chosen.getBoundingClientRect();
      return { text: chosen.textContent, below: r.top >= input.bottom, whole: chosen.scrollWidth <= chosen.clientWidth, fits: r.right <= innerWidth };
    });
    expect(m).toEqual({ text: 'No file chosen', below: true, whole: true, fits: true });
    await page.context().close();
  });

  it('the auth dialog tells the selected tab apart (3:1) and aria-selected follows it', async () => {
    for (const [id, selected] of [
      ['dialog-open', 'Sign in'],
      ['creating-account', 'Create account'],
    ] as const) {
      const page = await openState('kyb-auth-button', id, { viewport: { width: 320, height: 800 } });
      const tabs = await page.evaluate(() =>
        [...document.querySelector('kyb-auth-button')!.shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => ({
          name: t.textContent!.trim(),
          selected: t.getAttribute('aria-selected'),
          bg: getComputedStyle(t).backgroundColor,
          track: getComputedStyle(t.parentElement!).backgroundColor,
        })),
      );
      expect(tabs.map((t) => [t.name, t.selected])).toEqual([
        ['Sign in', String(selected === 'Sign in')],
        ['Create account', String(selected === 'Create account')],
      ]);
      const on = tabs.find((t) => t.selected === 'true')!;
      expect(contrast(on.bg, on.track), `the selected tab's fill against the track (${id})`).toBeGreaterThanOrEqual(3);
      // The title does not leave "KYB" alone on its last line at 320 px.
      const lastLine = await page.evaluate(() => {
        const h = document.querySelector('kyb-auth-button')!.shadowRoot!.querySelector<HTMLElement>('[part~="title"]')!;
        const range = document.createRange();
        range.selectNodeContents(h);
        const lines = [...range.getClientRects()].map((r) => Math.round(r.top));
        const words = h.textContent!.trim().split(/\s+/);
        // The words on the last line: measure each word's box.
        const text = h.firstChild as Text;
        let at = 0;
        const tops = words.map((w) => {
          const i = text.data.indexOf(w, at);
          at = i + w.length;
          const r = document.createRange();
          r.setStart(text, i);
          r.setEnd(text, at);
          return Math.round(r.getClientRects()[0].top);
        });
        return { lines: new Set(lines).size, onLast: tops.filter((t) => t === Math.max(...tops)).length };
      });
      if (lastLine.lines > 1) expect(lastLine.onLast, `the title's last line holds more than one word (${id})`).toBeGreaterThan(1);
      await page.context().close();
    }
  });

  it("the configurator's Copy link border has 3:1 against what is behind it", async () => {
    const page = await openState('kyb-loc-configurator', 'trinity-locs', { viewport: { width: 768, height: 800 } });
    const c = await page.evaluate(() => {
      const b = document.querySelector('kyb-loc-configurator')!.shadowRoot!.querySelector<HTMLElement>('[part~="copy"]')!;
      let n: Element | null = b.parentElement;
      let behind = 'rgb(255, 255, 255)';
      while (n) {
        const bg = getComputedStyle(n).backgroundColor;
        if (!/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') {
          behind = bg;
          break;
        }
        n = n.parentElement ?? ((n.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
      }
      return { border: getComputedStyle(b).borderTopColor, width: parseFloat(getComputedStyle(b).borderTopWidth), behind };
    });
    expect(c.width).toBeGreaterThanOrEqual(1);
    expect(contrast(c.border, c.behind), `border ${c.border} on ${c.behind}`).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });

  it('the admin elements show the same access-denied card', async () => {
    const cards = [];
    for (const tag of ['kyb-admin-inbox', 'kyb-gallery-admin', 'kyb-review-moderation', 'kyb-admin-orders']) {
      const page = await openState(tag, 'signed-out', { viewport: { width: 1280, height: 800 } });
      cards.push(
        await page.evaluate((tag) => {
          const card = document.querySelector(tag)!.shadowRoot!.querySelector<HTMLElement>('[part~="denied"]')!;
          const [h, p, b] = [card.querySelector('h2')!, card.querySelector('p')!, card.querySelector('button')!].map((e) => e.getBoundingClientRect());
          const c = card.getBoundingClientRect();
          return {
            width: Math.round(c.width),
            height: Math.round(c.height),
            headingToText: Math.round(p.top - h.bottom),
            textToButton: Math.round(b.top - p.bottom),
            headingSize: getComputedStyle(card.querySelector('h2')!).fontSize,
          };
        }, tag),
      );
      await page.context().close();
    }
    expect(cards[0].headingToText, 'a gap between the heading and the text').toBeGreaterThanOrEqual(8);
    expect(cards[1]).toEqual(cards[0]);
    expect(cards[2]).toEqual(cards[0]);
    expect(cards[3]).toEqual(cards[0]);
  });

  it("the planner gallery's cover is faded while loading, in the box the loaded slide takes", async () => {
    const stage = async (id: string) => {
      const page = await openState('kyb-planner-gallery', id, { viewport: { width: 390, height: 800 } });
      const m = await page.evaluate(() => {
        const root = document.querySelector('kyb-planner-gallery')!.shadowRoot!;
        const s = root.querySelector<HTMLElement>('[part~="stage"]')!.getBoundingClientRect();
        const media = root.querySelector<HTMLElement>('[part~="stage"] img, [part~="stage"] video')!;
        return { box: [s.top, s.width, s.height].map(Math.round), opacity: Number(getComputedStyle(media).opacity) };
      });
      await page.context().close();
      return m;
    };
    const [loading, filled] = [await stage('loading'), await stage('filled')];
    expect(loading.opacity, 'the cover faded while loading').toBeLessThan(0.6);
    expect(filled.opacity).toBe(1);
    expect(loading.box, 'no shift when the gallery arrives').toEqual(filled.box);
  });
});
