/**
 * The contract of the project's functions, written once and run against each runtime that serves
 * them: the local stack's Node runtime (functions.test.ts) and Deno serving the deployed entry points
 * (functions-deno.test.ts). Each case invokes a function with supabase-js as the widgets do and checks
 * the status, the exact body, the headers and what reached the database.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { DEFAULT_BETA_PASSWORD, LOCAL_NOTIFY_TO } from '../../supabase/local/config.ts';
import { FUNCTION_MESSAGES, MSG, VAULT_MAIL } from '../../shared/messages.ts';
import { RATE_LIMITS } from '../../supabase/functions/_shared/rate-limit.ts';
import { CONSENT_TEXT_VERSION, WAITLIST_CONSENT_TEXT_VERSION, WAITLIST_NAME } from '../../shared/rules/forms.ts';
import { leadKinds, type LeadKind } from '../../shared/rules/forms.ts';
import { JOB_UNAUTHORIZED } from '../../supabase/functions/_shared/http.ts';
import type { FunctionsTarget, StartTarget } from './support/functions-target.ts';
import { linkClickContracts } from './functions-contract-links.ts';
import { siteRebuildContract } from './functions-contract-site-rebuild.ts';

let ipSeq = 0;
/** Each test speaks from its own address, so per-client limits never leak between tests. */
const nextIp = () => `203.0.113.${++ipSeq}`;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

export function functionContracts(start: StartTarget) {
  let t: FunctionsTarget;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function invoke(name: string, body: unknown, ip = nextIp()) {
    const r = await t.client().functions.invoke(name, { body: body as Record<string, unknown>, headers: { 'x-forwarded-for': ip } });
    if (r.error) {
      expect(r.error).toBeInstanceOf(FunctionsHttpError);
      const res = r.error.context as Response;
      return { status: res.status, body: await res.json(), headers: res.headers, data: null };
    }
    return { status: 200, body: r.data, headers: r.response!.headers, data: r.data };
  }

  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows;

  describe('newsletter-signup', () => {
    it('subscribes to the newsletter and records the consent', async () => {
      const email = uniqueEmail('ann');
      const r = await invoke('newsletter-signup', { name: 'Ann Lee', email, consentGiven: true, sourcePage: '/products' });
      expect(r).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.newsletterJoined } });
      expect(r.headers.get('access-control-allow-origin')).toBe('*');

      const [sub] = await rows<{ id: string; list: string; name: string; status: string; unsubscribe_token: string; consent_text_version: string }>(
        'select * from subscribers where email = $1',
        [email],
      );
      expect(sub).toMatchObject({ list: 'newsletter', name: 'Ann Lee', status: 'subscribed', consent_text_version: CONSENT_TEXT_VERSION });
      expect(sub.unsubscribe_token).toMatch(/^[0-9a-f]{64}$/);
      const ledger = await rows('select action, consent_text_version, source_page from subscriber_consents where subscriber_id = $1', [sub.id]);
      expect(ledger).toEqual([{ action: 'subscribe', consent_text_version: CONSENT_TEXT_VERSION, source_page: '/products' }]);
    });

    it('answers validation failures with the first message as {error} (400)', async () => {
      const email = uniqueEmail('val');
      const cases: [Record<string, unknown>, string][] = [
        [{ email, consentGiven: true }, MSG.nameRequired],
        [{ name: 'A', email, consentGiven: true }, MSG.nameMin],
        [{ name: 'Ann', email: '', consentGiven: true }, MSG.emailRequired],
        [{ name: 'Ann', email: 'not-an-email', consentGiven: true }, MSG.emailInvalid],
        [{ name: 'Ann', email, consentGiven: false }, MSG.consentInline],
        [{ name: 'Ann', email }, MSG.consentInline],
      ];
      for (const [body, message] of cases) {
        const r = await invoke('newsletter-signup', body);
        expect(r, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: message } });
      }
      const notObject = await invoke('newsletter-signup', 'just text');
      expect(notObject).toMatchObject({ status: 400, body: { error: FUNCTION_MESSAGES.badBody } });
      expect(await rows('select 1 from subscribers where email = $1', [email])).toEqual([]);
    });

    it('is idempotent and discreet: a repeat sign-up gets the same answer, one row, one more ledger entry', async () => {
      const email = uniqueEmail('twice');
      const first = await invoke('newsletter-signup', { name: 'Bea', email, consentGiven: true });
      const second = await invoke('newsletter-signup', { name: 'Someone Else', email: `  ${email.toUpperCase()} `, consentGiven: true });
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      const subs = await rows<{ id: string; name: string }>('select id, name from subscribers where email = $1', [email]);
      expect(subs).toHaveLength(1);
      expect(subs[0].name).toBe('Bea');
      expect(await rows('select action from subscriber_consents where subscriber_id = $1', [subs[0].id])).toHaveLength(2);
    });

    it('keeps the DIY kit waiting list separate from the newsletter', async () => {
      const email = uniqueEmail('kit');
      await invoke('newsletter-signup', { name: 'Cy', email, consentGiven: true });
      const r = await invoke('newsletter-signup', { name: WAITLIST_NAME, email, consentGiven: true, waitingList: true });
      expect(r).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.waitlistJoined } });
      expect(await rows('select list, name from subscribers where email = $1 order by list', [email])).toEqual([
        { list: 'diy-kit-waitlist', name: null },
        { list: 'newsletter', name: 'Cy' },
      ]);
    });

    it('records a waiting-list sign-up as consent to hear about the kit only, under no name (issue #23)', async () => {
      const email = uniqueEmail('kitonly');
      const r = await invoke('newsletter-signup', { name: WAITLIST_NAME, email, consentGiven: true, waitingList: true, sourcePage: '/products' });
      expect(r.status).toBe(200);
      const subs = await rows<{ id: string; list: string; name: string | null; consent_text_version: string }>(
        'select id, list, name, consent_text_version from subscribers where email = $1',
        [email],
      );
      expect(subs, 'on the waiting list only: never a newsletter subscriber').toEqual([
        { id: subs[0]?.id, list: 'diy-kit-waitlist', name: null, consent_text_version: WAITLIST_CONSENT_TEXT_VERSION },
      ]);
      expect(await rows('select consent_text_version from subscriber_consents where subscriber_id = $1', [subs[0].id])).toEqual([
        { consent_text_version: WAITLIST_CONSENT_TEXT_VERSION },
      ]);
      // The database holds each list to its own wording and names, whoever writes.
      for (const [name, list, version] of [
        [null, 'diy-kit-waitlist', CONSENT_TEXT_VERSION],
        ['Someone', 'diy-kit-waitlist', WAITLIST_CONSENT_TEXT_VERSION],
        ['Someone', 'newsletter', WAITLIST_CONSENT_TEXT_VERSION],
        [null, 'newsletter', CONSENT_TEXT_VERSION],
      ]) {
        await expect(
          rows('select public.newsletter_subscribe($1, $2, $3, null, $4)', [uniqueEmail('bad'), name, list, version]),
          `${list} with ${name ?? 'no name'} and ${version}`,
        ).rejects.toThrow(/check constraint/);
      }
    });

    it('pretends success to a filled honeypot and stores nothing', async () => {
      const email = uniqueEmail('bot');
      const r = await invoke('newsletter-signup', { name: 'Bot', email, consentGiven: true, website: 'http://spam.example' });
      expect(r).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.newsletterJoined } });
      expect(await rows('select 1 from subscribers where email = $1', [email])).toEqual([]);
    });

    it('limits sign-ups per address and per client (429)', async () => {
      const email = uniqueEmail('many');
      const ip = nextIp();
      for (let i = 0; i < RATE_LIMITS.signupPerEmail.limit; i++) {
        expect((await invoke('newsletter-signup', { name: 'Dee', email, consentGiven: true }, nextIp())).status).toBe(200);
      }
      const limited = await invoke('newsletter-signup', { name: 'Dee', email, consentGiven: true }, ip);
      expect(limited).toMatchObject({ status: 429, body: { error: FUNCTION_MESSAGES.tooManyRequests } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

      const busy = nextIp();
      for (let i = 0; i < RATE_LIMITS.signupPerClient.limit; i++) {
        expect((await invoke('newsletter-signup', { name: 'Eve', email: uniqueEmail(`c${i}`), consentGiven: true }, busy)).status).toBe(200);
      }
      // A proxy appends the address it saw: an entry the client wrote in front does not make it someone else.
      const blocked = await invoke('newsletter-signup', { name: 'Eve', email: uniqueEmail('last'), consentGiven: true }, `198.51.100.7, ${busy}`);
      expect(blocked).toMatchObject({ status: 429, body: { error: FUNCTION_MESSAGES.tooManyRequests } });
      // The limit is per client: another address is still served.
      expect((await invoke('newsletter-signup', { name: 'Eve', email: uniqueEmail('other'), consentGiven: true })).status).toBe(200);
    });

    it('answers its own CORS preflight (hosted passes OPTIONS to the function)', async () => {
      const res = await t.request('newsletter-signup', {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/apikey/);
      expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/);
      expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
    });
  });

  describe('newsletter-unsubscribe', () => {
    it('unsubscribes by token, records it, and a later sign-up subscribes again', async () => {
      const email = uniqueEmail('bye');
      await invoke('newsletter-signup', { name: 'Fay', email, consentGiven: true });
      const [{ id, unsubscribe_token: token }] = await rows<{ id: string; unsubscribe_token: string }>('select id, unsubscribe_token from subscribers where email = $1', [email]);
      const r = await invoke('newsletter-unsubscribe', { token });
      expect(r).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.unsubscribed } });
      expect(await rows('select status from subscribers where id = $1', [id])).toEqual([{ status: 'unsubscribed' }]);

      const again = await invoke('newsletter-signup', { name: 'Fay', email, consentGiven: true });
      expect(again.body).toEqual({ message: FUNCTION_MESSAGES.newsletterJoined });
      expect(await rows('select status from subscribers where id = $1', [id])).toEqual([{ status: 'subscribed' }]);
      expect((await rows<{ action: string }>('select action from subscriber_consents where subscriber_id = $1 order by id', [id])).map((x) => x.action)).toEqual([
        'subscribe',
        'unsubscribe',
        'subscribe',
      ]);
    });

    it('gives an unknown token the same answer and changes nothing', async () => {
      const before = await rows('select count(*)::int as n from subscriber_consents');
      const r = await invoke('newsletter-unsubscribe', { token: 'f'.repeat(64) });
      expect(r).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.unsubscribed } });
      expect(await rows('select count(*)::int as n from subscriber_consents')).toEqual(before);
      expect(await invoke('newsletter-unsubscribe', { token: 'short' })).toMatchObject({ status: 400, body: { error: FUNCTION_MESSAGES.unsubscribeLinkInvalid } });
    });

    it('accepts POST only (a mail scanner following a GET link unsubscribes no one)', async () => {
      const r = await t.client().functions.invoke('newsletter-unsubscribe', { method: 'GET' });
      expect(r.error).toBeInstanceOf(FunctionsHttpError);
      const res = r.error!.context as Response;
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({ error: FUNCTION_MESSAGES.methodNotAllowed });
    });
  });

  describe('lead-capture', () => {
    const samples: Record<LeadKind, Record<string, unknown>> = {
      partnership: { name: 'Gia Brand', email: 'GIA@Example.com', company: 'Crown Co', partnershipType: 'supplier', message: 'Hello' },
      beta_request: { name: 'Hal', email: 'hal@example.com', role: 'Stylist', message: 'Let me in' },
      access_beta: { name: 'Ida', email: 'ida@example.com' },
      notify: { name: 'Jo', email: 'jo@example.com' },
      vault_optin: { email: 'kim@example.com', item: 'Starter Care Checklist' },
      merch_notify: { email: 'lu@example.com', item: 'KYB Tee' },
    };

    it('stores every kind, readable with the service role only', async () => {
      for (const kind of leadKinds) {
        const r = await invoke('lead-capture', { kind, payload: { ...samples[kind], extra: 'dropped' }, sourcePage: `/${kind}` });
        expect(r, kind).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.lead[kind] } });
      }
      expect(FUNCTION_MESSAGES.lead.partnership).toBe("Thank you! We'll be in touch within 2-3 business days.");

      const service = t.client({ serviceRole: true });
      // This test's leads (the seed has its own, supabase/seed.sql).
      const emails = Object.values(samples).map((s) => String(s.email).toLowerCase());
      const { data, error } = await service.from('leads').select('kind, email, payload, source_page').in('email', emails).order('created_at');
      expect(error).toBeNull();
      expect(data!.map((l) => l.kind).sort()).toEqual([...leadKinds].sort());
      const partnership = data!.find((l) => l.kind === 'partnership')!;
      expect(partnership).toEqual({
        kind: 'partnership',
        email: 'gia@example.com',
        source_page: '/partnership',
        payload: { name: 'Gia Brand', email: 'gia@example.com', company: 'Crown Co', partnershipType: 'supplier', message: 'Hello' },
      });

      const anon = await t.client().from('leads').select('*');
      expect(anon.data).toBeNull();
      expect(anon.error).toMatchObject({ code: '42501' });
    });

    it('tells the business about a partnership inquiry or beta request by e-mail, after storing it', async () => {
      const before = (await t.mail(LOCAL_NOTIFY_TO)).length;
      const email = uniqueEmail('pat');
      const r = await invoke('lead-capture', {
        kind: 'partnership',
        payload: { name: 'Pat\r\nBcc: x@evil.test', email, company: 'Loc Studio', partnershipType: 'collaboration', message: 'Line one\nLine two' },
        sourcePage: '/partners',
      });
      expect(r).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.lead.partnership } });
      const beta = await invoke('lead-capture', {
        kind: 'beta_request',
        payload: { name: 'Quinn', email: uniqueEmail('quinn'), role: 'Stylist', message: 'Count me in' },
        sourcePage: '/beta',
      });
      expect(beta.status).toBe(200);
      // Opt-ins are listed in the inbox but announce nothing.
      expect((await invoke('lead-capture', { kind: 'notify', payload: { name: 'Rey', email: uniqueEmail('rey') } })).status).toBe(200);

      const mails = await t.mail(LOCAL_NOTIFY_TO);
      expect(mails.length - before).toBe(2);
      const [betaMail, partnerMail] = mails;
      expect(betaMail).toMatchObject({ kind: 'notification', to: LOCAL_NOTIFY_TO, subject: 'New beta request from Quinn' });
      expect(partnerMail).toMatchObject({ kind: 'notification', subject: 'New partnership inquiry from Pat Bcc: x@evil.test' });
      for (const line of [`E-mail: ${email}`, 'Company: Loc Studio', 'Partnership type: collaboration', 'Message:\nLine one\nLine two', 'Sent from: /partners']) {
        expect(partnerMail.text).toContain(line);
      }
      expect(await rows('select kind, notification from leads where email = $1', [email])).toEqual([{ kind: 'partnership', notification: 'sent' }]);
      expect(await rows(`select notification from leads where kind = 'notify' and payload->>'name' = 'Rey'`)).toEqual([{ notification: null }]);
    });

    it('sends a Vault opt-in the e-mail the card promises: the file and the rest of the Vault, at most once a day (issue #23)', async () => {
      const email = uniqueEmail('vault');
      const r = await invoke('lead-capture', { kind: 'vault_optin', payload: { email, item: 'Takedown Guide' }, sourcePage: '/digital-tools' });
      expect(r).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.lead.vault_optin } });
      const [mail, ...more] = await t.mail(email);
      expect(more, 'one mail').toEqual([]);
      expect(mail).toMatchObject({ kind: 'notification', to: email, subject: VAULT_MAIL.subject('Takedown Guide') });
      const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      const site = new URL(links[0]).origin;
      expect(links, 'the file asked for first, then the rest of the Vault, all on the site, then the site').toEqual([
        `${site}/downloads/takedown-guide.pdf`,
        `${site}/downloads/starter-care-checklist.pdf`,
        `${site}/downloads/ritual-tracker.html`,
        `${site}/`,
      ]);
      for (const words of [VAULT_MAIL.intro('Takedown Guide'), VAULT_MAIL.more, VAULT_MAIL.why]) expect(mail.text).toContain(words);

      // Asked again, even for another file, or for a made-up one: no second mail today, and never a
      // link that came from the browser.
      await invoke('lead-capture', { kind: 'vault_optin', payload: { email, item: 'Starter Care Checklist' } });
      await invoke('lead-capture', { kind: 'vault_optin', payload: { email, item: 'Free money http://evil.test' } });
      expect(await t.mail(email)).toHaveLength(1);
      expect(await rows('select notification from leads where email = $1 order by created_at', [email])).toEqual([
        { notification: 'sent' },
        { notification: 'skipped' },
        { notification: 'skipped' },
      ]);
      // A file the Vault does not have (an embedding page's own item): the Vault's files, nothing else.
      const other = uniqueEmail('vault-other');
      await invoke('lead-capture', { kind: 'vault_optin', payload: { email: other, item: 'Free money http://evil.test' } });
      const [listed] = await t.mail(other);
      expect(listed).toMatchObject({ subject: VAULT_MAIL.subjectAny });
      expect(listed.text).not.toContain('evil.test');
      expect(listed.text).toContain('/downloads/takedown-guide.pdf');
    });

    it('answers invalid payloads with {error, fields} (400)', async () => {
      const missing = await invoke('lead-capture', { kind: 'partnership', payload: { email: 'bad' } });
      expect(missing).toMatchObject({
        status: 400,
        body: { error: MSG.nameRequired, fields: { name: MSG.nameRequired, email: MSG.emailInvalid } },
      });
      const gate = await invoke('lead-capture', { kind: 'beta_request', payload: { name: 'Mo', email: 'mo@example.com' } });
      expect(gate).toMatchObject({ status: 400, body: { fields: { role: MSG.roleRequired, message: MSG.messageRequired } } });
      const unknownKind = await invoke('lead-capture', { kind: 'newsletter', payload: {} });
      expect(unknownKind.status).toBe(400);
      expect(Object.keys(unknownKind.body.fields)).toEqual(['kind']);
      expect(await rows(`select 1 from leads where email = 'mo@example.com'`)).toEqual([]);
    });

    it('ignores bots (honeypot) and limits floods (429)', async () => {
      const bot = await invoke('lead-capture', { kind: 'notify', payload: { name: 'Bot', email: 'bot@example.com' }, website: 'x' });
      expect(bot).toMatchObject({ status: 200, body: { message: FUNCTION_MESSAGES.lead.notify } });
      expect(await rows(`select 1 from leads where email = 'bot@example.com'`)).toEqual([]);

      const email = uniqueEmail('lead');
      for (let i = 0; i < RATE_LIMITS.leadPerEmail.limit; i++) {
        expect((await invoke('lead-capture', { kind: 'vault_optin', payload: { email, item: `Item ${i}` } })).status).toBe(200);
      }
      expect(await invoke('lead-capture', { kind: 'vault_optin', payload: { email, item: 'One more' } })).toMatchObject({
        status: 429,
        body: { error: FUNCTION_MESSAGES.tooManyRequests },
      });
      expect(await rows('select count(*)::int as n from leads where email = $1', [email])).toEqual([{ n: RATE_LIMITS.leadPerEmail.limit }]);
    });
  });

  describe('beta-access', () => {
    it('opens for the right password and refuses a wrong one', async () => {
      expect(await invoke('beta-access', { password: DEFAULT_BETA_PASSWORD })).toMatchObject({ status: 200, body: { ok: true } });
      expect(await invoke('beta-access', { password: 'crown-beta-2024' })).toMatchObject({ status: 401, body: { error: 'Incorrect password. Please try again.' } });
      expect(await invoke('beta-access', {})).toMatchObject({ status: 401, body: { error: FUNCTION_MESSAGES.betaPasswordWrong } });
    });

    it('slows guessing with a per-client limit (429)', async () => {
      const ip = nextIp();
      for (let i = 0; i < RATE_LIMITS.betaPerClient.limit; i++) {
        expect((await invoke('beta-access', { password: `guess-${i}` }, ip)).status).toBe(401);
      }
      expect(await invoke('beta-access', { password: DEFAULT_BETA_PASSWORD }, ip)).toMatchObject({ status: 429, body: { error: FUNCTION_MESSAGES.tooManyRequests } });
    });
  });

  describe('review-media-cleanup', () => {
    const BUCKET = 'review-media';
    const png = () => new File([new Uint8Array(16).fill(3)], 'p.png', { type: 'image/png' });
    /** A seeded file a review names, stored long ago. */
    const SEEDED = '5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000001/0.png';
    const objectNames = async (names: string[]) =>
      (await rows<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2) order by name`, [BUCKET, names])).map((r) => r.name);

    it('removes, through the Storage API, only the files no review has named for 24 hours', async () => {
      const service = t.client({ serviceRole: true });
      const [oldOrphan, freshOrphan] = [`${randomUUID()}/${randomUUID()}/0.png`, `${randomUUID()}/${randomUUID()}/0.png`];
      for (const path of [oldOrphan, freshOrphan]) expect((await service.storage.from(BUCKET).upload(path, png())).error).toBeNull();
      await rows(`update storage.objects set created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours' where bucket_id = $1 and name = $2`, [
        BUCKET,
        oldOrphan,
      ]);

      // Only the scheduler, holding the service role key, may run it.
      const refused = await t.client().functions.invoke('review-media-cleanup', { body: {} });
      const res = (refused.error as FunctionsHttpError).context as Response;
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { error: JOB_UNAUTHORIZED } });
      expect(await objectNames([oldOrphan])).toEqual([oldOrphan]);

      const r = await service.functions.invoke('review-media-cleanup', { body: {} });
      expect(r).toMatchObject({ error: null, data: { removed: 1 } });
      expect(await objectNames([oldOrphan, freshOrphan, SEEDED])).toEqual([freshOrphan, SEEDED].sort());
      // The bytes went with the row.
      expect((await service.storage.from(BUCKET).download(oldOrphan)).error).not.toBeNull();
      expect((await service.functions.invoke('review-media-cleanup', { body: {} })).data).toEqual({ removed: 0 });
    });

    it('answers 405 to anything but POST', async () => {
      const res = await t.request('review-media-cleanup', { method: 'GET' });
      expect(res.status).toBe(405);
      expect(await res.json()).toEqual({ error: FUNCTION_MESSAGES.methodNotAllowed });
    });
  });

  describe('stripe-reconcile', () => {
    it('runs for the service role key only, reads Stripe and records the run', async () => {
      const before = await rows('select id from public.stripe_reconcile_runs');
      const refused = await t.client().functions.invoke('stripe-reconcile', { body: {} });
      const res = (refused.error as FunctionsHttpError).context as Response;
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { error: JOB_UNAUTHORIZED } });
      expect(await rows('select id from public.stripe_reconcile_runs')).toEqual(before);

      const r = await t.client({ serviceRole: true }).functions.invoke('stripe-reconcile', { body: {} });
      expect(r).toMatchObject({ error: null, data: { events_seen: expect.any(Number), repaired: 0, repairs: [] } });
      const [last] = await rows<{ finished_at: unknown; error: unknown }>('select finished_at, error from public.stripe_reconcile_runs order by id desc limit 1');
      expect(last).toEqual({ finished_at: expect.anything(), error: null });
    });

    it('answers 405 to anything but POST', async () => {
      const res = await t.request('stripe-reconcile', { method: 'GET' });
      expect(res.status).toBe(405);
      expect(await res.json()).toEqual({ error: FUNCTION_MESSAGES.methodNotAllowed });
    });
  });

  linkClickContracts(() => t, nextIp);
  siteRebuildContract(start);

  describe('functions when the backend fails', () => {
    let broken: FunctionsTarget;
    let refusing: FunctionsTarget;
    beforeAll(async () => {
      broken = await start({ functionEnv: { BETA_PASSWORD_SHA256: undefined } });
      // The e-mail API answers 403 (a wrong key): the send fails after the lead is stored.
      refusing = await start({ functionEnv: { RESEND_API_KEY: 're_wrong_key', NOTIFY_EMAIL_TO: LOCAL_NOTIFY_TO } });
      // The service role loses the right to subscribe: the function's database call fails.
      await broken.db.exec('revoke execute on function public.newsletter_subscribe(text, text, text, text, text) from service_role');
    });
    afterAll(async () => {
      await broken?.close();
      await refusing?.close();
    });

    it('answers 500 without an `error` field, so the widgets show their generic message', async () => {
      const r = await broken.client().functions.invoke('newsletter-signup', { body: { name: 'Ann', email: 'ann@example.com', consentGiven: true } });
      const res = (r.error as FunctionsHttpError).context as Response;
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body).toEqual({ code: 'internal_error', message: FUNCTION_MESSAGES.internal });
      expect(await broken.db.query(`select 1 from subscribers where email = 'ann@example.com'`)).toMatchObject({ rows: [] });
    });

    it('keeps a partnership inquiry when no e-mail can be sent, and records why', async () => {
      const email = uniqueEmail('kept');
      const r = await broken.client().functions.invoke('lead-capture', { body: { kind: 'partnership', payload: { name: 'Sky', email }, sourcePage: '/partners' } });
      expect(r.data).toEqual({ message: FUNCTION_MESSAGES.lead.partnership });
      // This deployment has no e-mail settings: stored, marked skipped.
      expect(await broken.db.query('select notification from leads where email = $1', [email])).toMatchObject({ rows: [{ notification: 'skipped' }] });
    });

    it('keeps the lead and marks it failed when the e-mail API refuses', async () => {
      const email = uniqueEmail('refused');
      const r = await refusing.client().functions.invoke('lead-capture', { body: { kind: 'beta_request', payload: { name: 'Tam', email, role: 'Stylist', message: 'Hi' } } });
      expect(r.data).toEqual({ message: FUNCTION_MESSAGES.lead.beta_request });
      expect(await refusing.db.query('select notification from leads where email = $1', [email])).toMatchObject({ rows: [{ notification: 'failed' }] });
      expect(await refusing.mail(LOCAL_NOTIFY_TO)).toEqual([]);
    });

    it('refuses to check a beta password when its hash is not configured', async () => {
      const r = await broken.client().functions.invoke('beta-access', { body: { password: DEFAULT_BETA_PASSWORD } });
      expect(((r.error as FunctionsHttpError).context as Response).status).toBe(500);
    });
  });
}
