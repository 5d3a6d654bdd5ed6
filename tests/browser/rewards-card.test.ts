/**
 * kyb-rewards-card and kyb-admin-rewards against the real local stack and its seed (supabase/seed.sql,
 * "rewards": one member in each state of the card). The member sees their own card filling, the tier, the
 * next reward, a code with Copy ("Copied ✓" on the button) and "use it at checkout", a used code, a punch
 * taken back, and an upcoming appointment with Acuity's own page; signed out the element shows the page's
 * own content. The admin lists members by visits, opens one's history, adds and takes back a punch with a
 * reason (refused without one, in the words of shared/messages.ts), and the nav's count of new rewards
 * follows. The stack is shared by the run: the admin's corrections are made on a member of its own.
 */
import { $, $$, assert, button, cleanup, createUser, equal, expectAccessible, mount, serviceKey, backendUrl, text, type, waitFor, type Mounted } from './support/helpers.ts';
import { setViewport } from '@web/test-runner-commands';
import { ADMIN, signIn, signOut } from './support/fixtures.ts';
import { REWARDS_MESSAGES } from '../../shared/messages.ts';

const KEISHA = { email: 'keisha.williams@example.com', password: 'kyb-customer-2025' };
const NIA = { email: 'nia.campbell@example.com', password: 'kyb-customer-2025' };
const TARIQ = { email: 'tariq.brown@example.com', password: 'kyb-customer-2025' };
const AMARA = { email: 'amara.johnson@example.com', password: 'kyb-customer-2025' };
/** The seeded admin's id (supabase/seed.sql): the fixture's corrections are the admin's. */
const ADMIN_ID = '5eed0000-0000-4000-8000-000000000001';

const card = (el: Mounted) => waitFor(() => $(el, '[part~="card"][data-visits]'), "the member's card", 15_000);

/** Adds punches to a card with the service key, as the admin function does (rewards_adjust). */
async function punch(email: string, times: number) {
  const key = await serviceKey();
  for (let i = 0; i < times; i++) {
    const r = await fetch(`${backendUrl()}/rest/v1/rpc/rewards_adjust`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_email: email, p_change: 1, p_reason: 'Fixture visit', p_by: ADMIN_ID }),
    });
    assert(r.ok, `rewards_adjust fixture: ${r.status} ${await r.text()}`);
  }
}

describe('kyb-rewards-card', () => {
  let bar: Mounted | null = null;
  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
    await setViewport({ width: 800, height: 600 });
  });

  it("signed out, shows the page's own content (the example card on /rewards) and reads nothing", async () => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sb-')) localStorage.removeItem(k);
    const app = document.getElementById('app')!;
    app.innerHTML = '<kyb-rewards-card detail="card"><p id="example">The example card</p></kyb-rewards-card>';
    const el = app.firstElementChild as Mounted;
    await waitFor(() => customElements.get('kyb-rewards-card') && el.shadowRoot?.querySelector('slot'), 'the element shows its slot');
    equal($(el, '[part~="card"]'), null, 'no card of its own');
    assert((document.getElementById('example') as HTMLElement).offsetHeight > 0, 'the example shows');
  });

  it('a member with no visit yet: an empty card, 5 visits to the first reward', async () => {
    const fresh = await createUser({ fullName: 'New Friend' });
    bar = await signIn(fresh);
    const el = await mount('<kyb-rewards-card></kyb-rewards-card>');
    const c = await card(el);
    equal(c.dataset.visits, '0');
    equal($$(el, 'svg [data-punched]').length, 0, 'nothing punched');
    assert(text($(el, '[part~="tier"]')).startsWith('No visits yet.'), text($(el, '[part~="tier"]')));
    equal(text($(el, '[part~="next"]')), '5 more visits to your next reward: 10% off.');
    equal(text($(el, '[part~="history-empty"]')), 'Your completed services show here, one punch each.');
    await expectAccessible(el, 'the card, no visits');
  });

  it("mid-card: the punches drawn, the tier and what it means, and the coming appointment with Acuity's page", async () => {
    bar = await signIn(KEISHA);
    const el = await mount('<kyb-rewards-card detail="full"></kyb-rewards-card>');
    await card(el);
    equal($$(el, 'svg [data-punched]').length, 3);
    assert(text($(el, '[part~="tier"]')).startsWith('New Friend: 3 visits (1-3 visits)'), text($(el, '[part~="tier"]')));
    equal(text($(el, '[part~="next"]')), '2 more visits to your next reward: 10% off.');
    const manage = $(el, '[part~="manage"]') as HTMLAnchorElement;
    equal(text(manage), 'Reschedule or cancel');
    assert(manage.href.startsWith('https://kyb.as.me/'), manage.href);
    equal(manage.target, '_blank');
    const visits = $$(el, '[part~="history-row"][data-reason="visit"]');
    equal(visits.length, 3);
    // A visit is punched the day it ends: its line names the appointment and gives that day once.
    for (const row of visits) {
      const day = text(row.querySelector('time'));
      assert(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/.test(day), day);
      equal(text(row).split(day).length - 1, 1, `${text(row)}: ${day} once`);
    }
    assert(
      visits.some((row) => text(row.querySelector('.rh__detail')) === 'Scalp Detox and Style'),
      'the appointment, without its day again',
    );
  });

  it('a reward ready: the code, Copy says "Copied ✓" on the button, and use it at checkout leads to /cart', async () => {
    bar = await signIn(NIA);
    const el = await mount('<kyb-rewards-card></kyb-rewards-card>');
    await card(el);
    equal($$(el, 'svg [data-punched]').length, 5);
    const code = $(el, '[part~="code"]');
    equal(text(code.querySelector('[part~="code-text"]')), 'KYB-5EED0000A005');
    const copy = button(el, 'Copy');
    copy.click();
    // The button says so only once the clipboard took the code (navigator.clipboard.writeText resolved).
    await waitFor(() => text(copy) === 'Copied ✓', 'Copied ✓ on the button');
    equal(el.shadowRoot.querySelectorAll('[part~="toast"]').length, 0, 'no toast');
    await waitFor(() => text(copy) === 'Copy', 'the button reads Copy again', 5000);
    const checkout = $(el, '[part~="checkout"]') as HTMLAnchorElement;
    equal(text(checkout), 'use it at checkout');
    equal(new URL(checkout.href).pathname, '/cart');
    await expectAccessible(el, 'the card, a reward ready');
  });

  it('a code used, and a punch taken back that says so', async () => {
    bar = await signIn(AMARA);
    let el = await mount('<kyb-rewards-card></kyb-rewards-card>');
    await card(el);
    equal($$(el, 'svg [data-punched]').length, 7);
    assert(text($(el, '[part~="tier"]')).startsWith('Loyal Client'), 'Loyal Client');
    assert(text($(el, '[part~="used"]')).includes('KYB-5EED0000C005 10% off: used on'), text($(el, '[part~="used"]')));
    equal($(el, '[part~="code"]'), null, 'no code to use');
    await signOut(bar);
    cleanup();
    bar = await signIn(TARIQ);
    el = await mount('<kyb-rewards-card></kyb-rewards-card>');
    await card(el);
    const back = $(el, '[part~="history-row"][data-reason="canceled"]');
    assert(back, 'the canceled visit');
    assert(text(back).startsWith('−1Punch taken back: the appointment was canceled'), text(back));
    assert(text(back).includes('Loc Retwist, Oct 6, 2026'), 'the appointment it was');
  });

  it('fits a 320 px phone', async () => {
    await setViewport({ width: 320, height: 640 });
    bar = await signIn(NIA);
    const el = await mount('<kyb-rewards-card></kyb-rewards-card>');
    await card(el);
    assert(el.scrollWidth <= 320 && el.getBoundingClientRect().right <= 320, `no sideways scroll (${el.scrollWidth})`);
    const svg = $(el, 'svg') as SVGSVGElement;
    assert(svg.getBoundingClientRect().width <= 320, 'the card fits');
  });
});

describe('kyb-admin-rewards', () => {
  let bar: Mounted | null = null;
  afterEach(async () => {
    if (bar) await signOut(bar).catch(() => {});
    bar = null;
    cleanup();
  });

  it('lists members by visits, opens a history, corrects with a reason, and the nav counts the reward a correction earned', async () => {
    const member = await createUser({ fullName: 'Corrected Client' });
    await punch(member.email, 3);
    bar = await signIn(ADMIN);
    const count = document.createElement('kyb-inbox-count');
    count.setAttribute('of', 'rewards');
    document.getElementById('app')!.append(count);
    const el = await mount('<kyb-admin-rewards></kyb-admin-rewards>');
    await waitFor(() => $(el, '[part~="members"]'), 'members listed', 15_000);
    const visitsListed = $$(el, '[part~="member"]').map((m) => Number(m.dataset.visits));
    equal(JSON.stringify(visitsListed), JSON.stringify([...visitsListed].sort((a, b) => b - a)), 'most visits first');
    const row = await waitFor(() => $(el, `[part~="member"][data-email="${member.email}"]`), 'the member');
    assert(text(row).includes('3 visits, New Friend'), text(row));
    const before = Number((await waitFor(() => count.shadowRoot?.querySelector('[part~="count"]') ?? count.shadowRoot, 'count')).textContent?.match(/\d+/)?.[0] ?? 0);

    (row.querySelector('[part~="history-toggle"]') as HTMLButtonElement).click();
    await waitFor(() => row.querySelectorAll('[part~="history-row"]').length === 3, 'three punches');
    // Its codes, with their state: none yet at 3 visits.
    await waitFor(() => text(row.querySelector('[part~="codes"]')).includes(REWARDS_MESSAGES.codesEmpty), 'no codes yet');
    const save = row.querySelector('[part~="save"]') as HTMLButtonElement;
    save.click();
    await waitFor(() => text(row.querySelector('[part~="adjust"] [part~="error"]')) === REWARDS_MESSAGES.reasonRequired, 'a reason is required');
    const reason = row.querySelector('input[name="reason"]') as HTMLInputElement;
    await type(reason, 'Walk-in, not booked');
    save.click();
    await waitFor(() => text(row.querySelector('[part~="adjust-status"]')) === REWARDS_MESSAGES.adjusted(4), 'saved: 4 visits');
    await type(reason, 'Paid visit from the market stall');
    save.click();
    await waitFor(() => text(row.querySelector('[part~="adjust-status"]')) === REWARDS_MESSAGES.adjusted(5), 'saved: 5 visits');
    // The 5th visit earned a code: new to the admin, and counted beside the nav's link.
    await waitFor(() => $(el, `[part~="new-reward"]`) && text(el.shadowRoot).includes(member.email.toLowerCase()), 'listed as new');
    await waitFor(() => Number(count.shadowRoot?.querySelector('[part~="count"]')?.getAttribute('data-count')) === before + 1, 'the nav counts it');

    const row2 = await waitFor(() => $(el, `[part~="member"][data-email="${member.email}"]`), 'the member again');
    if (row2.querySelector('[part~="history-toggle"]')!.getAttribute('aria-expanded') !== 'true') (row2.querySelector('[part~="history-toggle"]') as HTMLButtonElement).click();
    // Newest first: the two corrections above the fixture's three.
    const added = await waitFor(() => {
      const rows = [...row2.querySelectorAll('[part~="history-row"][data-reason="admin_add"]')];
      return rows.length === 5 ? rows : null;
    }, 'the corrections in the history');
    assert(text(added[0]).startsWith('+1Punch added by the studio“Paid visit from the market stall”'), text(added[0]));
    assert(text(added[1]).includes('“Walk-in, not booked”'), text(added[1]));
    // The code the 5th visit earned is in the member's codes, not used yet.
    const code = await waitFor(() => row2.querySelector('[part~="codes"] [part~="member-code"][data-status="issued"]') as HTMLElement | null, 'the earned code listed');
    assert(text(code).includes(REWARDS_MESSAGES.codeState.issued) && /^KYB-/.test(code.dataset.code ?? ''), text(code));
    equal(row2.querySelectorAll('[part~="member-code"]').length, 1, 'one code');

    const seen = button(el, 'Mark as seen');
    seen.click();
    await waitFor(() => text($(el, '[part~="status"]')) === REWARDS_MESSAGES.seen, 'marked seen');
    await waitFor(() => !count.shadowRoot?.querySelector('[part~="count"]'), 'the nav counts nothing new');
    await expectAccessible(el, 'admin rewards');
  });

  it('wraps e-mail addresses before their @ or a dot, never mid-word, at 390 and 320 px', async () => {
    bar = await signIn(ADMIN);
    const el = await mount('<kyb-admin-rewards></kyb-admin-rewards>');
    await waitFor(() => $(el, '[part~="members"]'), 'members listed', 15_000);
    for (const width of [390, 320]) {
      await setViewport({ width, height: 800 });
      const emails = $$(el, '.ar__email');
      assert(emails.length >= 4, `${emails.length} addresses`);
      for (const email of emails) {
        const address = text(email);
        // Each part between two break points (the text nodes beside each <wbr>) sits on one line.
        for (const node of [...email.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          equal(lines.size, 1, `${width} px: "${node.textContent}" of ${address} on one line`);
        }
        assert(email.getBoundingClientRect().right <= width, `${width} px: ${address} fits`);
      }
    }
    await setViewport({ width: 800, height: 600 });
  });

  it('a member is refused: Admin Access Required', async () => {
    bar = await signIn(KEISHA);
    const el = await mount('<kyb-admin-rewards></kyb-admin-rewards>');
    await waitFor(() => text(el.shadowRoot).includes('Admin Access Required'), 'access message');
  });
});
