/**
 * The DIY Trinity Kit's launch (issue #29, item 2; docs/admin.md#kit-launch), in the local stack's Node
 * runtime with the local Stripe: only an admin flips the switch; checkout refuses the kit until it is on
 * sale and accepts it from then on (and refuses it again when it is taken off); the kit's pages are asked
 * to be rebuilt through the ratings' hook; everyone subscribed to the kit's waiting list at the launch
 * gets exactly one e-mail, however often the switch is flipped or the job runs, with their own
 * unsubscribe link; nobody else does (the newsletter, earlier unsubscribes, an unsubscribe while the mail
 * waited); a failed send is counted for the admin and sent again by the hourly run.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { adminClient, invokeFunction, signedInClient, sqlOn, testStack, type TestClient, type TestStack } from '../support/stack.ts';
import type { CartLine } from '../../shared/cart.ts';
import type { KitLaunchState } from '../../shared/contracts.ts';
import { KIT_TERMS } from '../../shared/rules/commerce.ts';
import { LAUNCH_MAIL } from '../../shared/messages.ts';
import { WAITLIST_CONSENT_TEXT_VERSION } from '../../shared/rules/forms.ts';

const KIT: CartLine = { product: 'diy-kit', configuration: { kit: 'starter' }, quantity: 1 };

let s: TestStack;
let admin: TestClient;
const sql = sqlOn(() => s);
const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const invoke = (name: string, body: unknown, client: TestClient = s.client()) => invokeFunction(client, name, body, { 'x-real-ip': ip() });
const launch = (onSale?: boolean, client = admin) => invoke('kit-launch', onSale === undefined ? { product: 'diy-kit' } : { product: 'diy-kit', onSale }, client);
/** The hourly run, as pg_cron (or the local schedule) sends it. */
const runJob = () => invoke('kit-launch', {}, s.client({ serviceRole: true }));
const checkout = (lines: CartLine[]) => invoke('checkout', { cart: randomUUID(), lines, kitTerms: KIT_TERMS.version });
const mails = (to: string) =>
  sql<{ subject: string; text: string; html: string | null }>('select subject, text, html from local_inbox.mails where to_address = $1 order by seq', [to]);
const mailsTo = async (addresses: string[]) => Object.fromEntries(await Promise.all(addresses.map(async (a) => [a, (await mails(a)).map((m) => m.subject)])));
const orderCount = async () => Number((await sql<{ n: string }>('select count(*) as n from public.orders'))[0].n);

async function join(list: 'diy-kit-waitlist' | 'newsletter', email: string) {
  const service = s.client({ serviceRole: true });
  const waitlist = list === 'diy-kit-waitlist';
  const { error } = await service.rpc('newsletter_subscribe', {
    p_email: email,
    p_name: waitlist ? (null as unknown as string) : 'Ama',
    p_list: list,
    p_source_page: '/products/diy-kit',
    p_consent_text_version: waitlist ? WAITLIST_CONSENT_TEXT_VERSION : '2025-01',
  });
  if (error) throw error;
}
async function unsubscribe(email: string, list = 'diy-kit-waitlist') {
  const [{ unsubscribe_token: token }] = await sql<{ unsubscribe_token: string }>('select unsubscribe_token from public.subscribers where email = $1 and list = $2', [email, list]);
  expect((await invoke('newsletter-unsubscribe', { token })).status).toBe(200);
  return token;
}

/** Fails every send while `run` runs: the e-mail API is unreachable. */
async function mailDown<T>(run: () => Promise<T>): Promise<T> {
  s.config.functionEnv.EMAIL_API_URL = 'http://127.0.0.1:9/emails';
  try {
    return await run();
  } finally {
    delete s.config.functionEnv.EMAIL_API_URL;
  }
}

beforeAll(async () => {
  s = await testStack({ autoconfirm: true, siteUrl: 'https://shop.example' });
  admin = await adminClient(s);
  // The seed's waiting list is the seed's business; this file counts its own addresses.
  await sql("delete from public.subscribers where list = 'diy-kit-waitlist'");
});
afterAll(() => s?.close());

describe('kit-launch: the switch', () => {
  it('answers an admin only, and refuses a body it does not know', async () => {
    expect((await launch(true, s.client())).status).toBe(401);
    const member = await signedInClient(s);
    expect(await launch(true, member.client)).toMatchObject({ status: 403, body: { error: 'Only an admin can launch a product.' } });
    expect(await invoke('kit-launch', { product: 'irie-locs', onSale: true }, admin)).toMatchObject({ status: 400, body: { field: 'product' } });
    expect(await invoke('kit-launch', { product: 'diy-kit', onSale: 'yes' }, admin)).toMatchObject({ status: 400, body: { field: 'onSale' } });
    expect((await sql<{ on_sale: boolean }>("select on_sale from public.product_launches where product = 'diy-kit'"))[0].on_sale).toBe(false);
    expect(await sql('select 1 from public.launch_mails')).toEqual([]);
  });

  it('checkout refuses the kit while it is not on sale, accepts it once launched, refuses it again once taken off', async () => {
    const before = await orderCount();
    expect(await checkout([KIT])).toMatchObject({ status: 400, body: { error: 'DIY Trinity Loc Kit is not on sale yet', field: 'lines.0.product' } });
    expect(await orderCount()).toBe(before);

    const on = await launch(true);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ product: 'diy-kit', onSale: true });
    const bought = await checkout([KIT]);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(String(bought.body.url)).toMatch(/\/stripe\/pay\/cs_test_/);

    expect((await launch(false)).body).toMatchObject({ onSale: false });
    expect(await checkout([KIT])).toMatchObject({ status: 400, body: { field: 'lines.0.product' } });
    expect((await launch()).body).toMatchObject({ onSale: false });
  });

  it("asks for the kit's pages to be built again when it flips, through the ratings' rebuild hook", async () => {
    await sql("update public.product_launches set on_sale = false where product = 'diy-kit'");
    await sql('delete from public.site_rebuild_requests');
    await launch(true);
    expect(await sql('select product_slug from public.site_rebuild_requests')).toEqual([{ product_slug: 'diy-kit' }]);
    await sql('delete from public.site_rebuild_requests');
    // Pressed again while on sale: nothing changed, nothing to rebuild.
    await launch(true);
    expect(await sql('select product_slug from public.site_rebuild_requests')).toEqual([]);
    await launch(false);
    expect(await sql('select product_slug from public.site_rebuild_requests')).toEqual([{ product_slug: 'diy-kit' }]);
  });
});

describe('kit-launch: one e-mail to each address on the waiting list', () => {
  it('mails everyone subscribed at the launch once, with their own unsubscribe link, and nobody else', async () => {
    await sql('delete from public.launch_mails');
    await sql("update public.product_launches set on_sale = false where product = 'diy-kit'");
    const id = randomUUID().slice(0, 6);
    const [ama, kofi, gone, reader, both] = ['ama', 'kofi', 'gone', 'reader', 'both'].map((n) => `${n}${id}@example.com`);
    await join('diy-kit-waitlist', ama);
    await join('diy-kit-waitlist', kofi);
    await join('diy-kit-waitlist', gone);
    await unsubscribe(gone);
    await join('newsletter', reader);
    // On both lists, unsubscribed from the newsletter only: still on the waiting list.
    await join('diy-kit-waitlist', both);
    await join('newsletter', both);
    await unsubscribe(both, 'newsletter');

    const on = await launch(true);
    expect(on.body as KitLaunchState).toMatchObject({ onSale: true, waiting: 3, mails: { sent: 3, failed: 0, queued: 0, skipped: 0 } });
    expect(await mailsTo([ama, kofi, gone, reader, both])).toEqual({
      [ama]: [LAUNCH_MAIL.subject],
      [kofi]: [LAUNCH_MAIL.subject],
      [gone]: [],
      [reader]: [],
      [both]: [LAUNCH_MAIL.subject],
    });
    const [mail] = await mails(ama);
    const [{ unsubscribe_token: token }] = await sql<{ unsubscribe_token: string }>(
      "select unsubscribe_token from public.subscribers where email = $1 and list = 'diy-kit-waitlist'",
      [ama],
    );
    expect(mail.text).toContain(`https://shop.example/unsubscribe?token=${token}`);
    expect(mail.text).toContain('https://shop.example/products/diy-kit');
    expect(mail.html).toContain('<meta name="viewport"');
    expect(mail.html).toContain(`href="https://shop.example/unsubscribe?token=${token}"`);

    // Flipped off and on, pressed again, the job run twice: nobody hears twice.
    await launch(false);
    await launch(true);
    await launch(true);
    await runJob();
    expect((await runJob()).body).toEqual({ sent: 0, failed: 0 });
    expect(await mailsTo([ama, kofi, both])).toEqual({ [ama]: [LAUNCH_MAIL.subject], [kofi]: [LAUNCH_MAIL.subject], [both]: [LAUNCH_MAIL.subject] });

    // Joining after the launch queues nothing: the list was for the launch.
    const late = `late${id}@example.com`;
    await join('diy-kit-waitlist', late);
    await runJob();
    expect(await mails(late)).toEqual([]);
    // The unsubscribe link in the mail works.
    await unsubscribe(ama);
    expect((await sql<{ status: string }>("select status from public.subscribers where email = $1 and list = 'diy-kit-waitlist'", [ama]))[0].status).toBe('unsubscribed');
  });

  it('counts what failed for the admin, sends it again on the hourly run, and skips whoever unsubscribed meanwhile', async () => {
    await sql('delete from public.launch_mails');
    await sql("delete from public.subscribers where list = 'diy-kit-waitlist'");
    await sql("update public.product_launches set on_sale = false where product = 'diy-kit'");
    const id = randomUUID().slice(0, 6);
    const [ama, kofi, efua] = ['ama', 'kofi', 'efua'].map((n) => `${n}${id}@example.com`);
    for (const a of [ama, kofi, efua]) await join('diy-kit-waitlist', a);

    const on = await mailDown(() => launch(true));
    expect(on.body as KitLaunchState).toMatchObject({ onSale: true, mails: { sent: 0, failed: 3 } });
    expect((await launch()).body).toMatchObject({ mails: { sent: 0, failed: 3 } });
    expect(await mailsTo([ama, kofi, efua])).toEqual({ [ama]: [], [kofi]: [], [efua]: [] });

    // Still down on the first run: counted again, not lost.
    expect((await mailDown(runJob)).body).toEqual({ sent: 0, failed: 3 });
    await unsubscribe(efua);
    const [a, b] = await Promise.all([runJob(), runJob()]);
    expect((a.body.sent as number) + (b.body.sent as number)).toBe(2);
    expect(await mailsTo([ama, kofi, efua])).toEqual({ [ama]: [LAUNCH_MAIL.subject], [kofi]: [LAUNCH_MAIL.subject], [efua]: [] });
    expect((await launch()).body).toMatchObject({ waiting: 2, mails: { sent: 2, failed: 0, skipped: 1, queued: 0, sending: 0 } });
    expect(await sql('select attempts from public.launch_mails where status = $1 order by 1', ['sent'])).toEqual([{ attempts: 3 }, { attempts: 3 }]);
  });

  it('the job answers the service role key only', async () => {
    expect((await invoke('kit-launch', {}, s.client())).status).toBe(401);
  });
});
