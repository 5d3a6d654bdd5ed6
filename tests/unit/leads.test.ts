import { describe, expect, it } from 'vitest';
import { leadFailureToast, readLeadAnswer, validateLead } from '../../widgets/core/leads.ts';
import { MESSAGES, MSG } from '../../shared/messages.ts';

describe("readLeadAnswer: the lead-capture function's answers", () => {
  it('200 {message} is a success with the message', () => {
    expect(readLeadAnswer(200, { message: 'Thanks!' })).toEqual({ ok: true, message: 'Thanks!' });
    expect(readLeadAnswer(200, null)).toEqual({ ok: true, message: '' });
  });
  it('400 {error, fields} keeps the text and the per-field messages (strings only)', () => {
    expect(readLeadAnswer(400, { error: 'Email is required', fields: { email: 'Email is required', name: '', odd: 3 } })).toEqual({
      ok: false,
      status: 400,
      message: 'Email is required',
      fields: { email: 'Email is required' },
    });
  });
  it('429 {error} is a failure with the text and no fields', () => {
    expect(readLeadAnswer(429, { error: 'Too many requests. Please try again later.' })).toEqual({
      ok: false,
      status: 429,
      message: 'Too many requests. Please try again later.',
      fields: {},
    });
  });
  it('a 200 carrying error is still a failure', () => {
    expect(readLeadAnswer(200, { error: 'Nope' })).toMatchObject({ ok: false, status: 200, message: 'Nope' });
  });
  it('500 without error and no answer at all have no message', () => {
    expect(readLeadAnswer(500, { code: 'internal_error', message: 'Something went wrong.' })).toEqual({ ok: false, status: 500, message: null, fields: {} });
    expect(readLeadAnswer(null, undefined)).toEqual({ ok: false, status: null, message: null, fields: {} });
    expect(readLeadAnswer(502, 'gateway')).toEqual({ ok: false, status: 502, message: null, fields: {} });
  });
});

describe('leadFailureToast', () => {
  it("shows the function's own text as Submission failed (destructive)", () => {
    expect(leadFailureToast(readLeadAnswer(429, { error: 'Too many requests. Please try again later.' }))).toEqual({
      title: 'Submission failed',
      description: 'Too many requests. Please try again later.',
      variant: 'destructive',
    });
  });
  it('falls back to Something went wrong for network failures and 500s', () => {
    expect(leadFailureToast(readLeadAnswer(null, null))).toBe(MESSAGES.somethingWentWrong);
    expect(leadFailureToast(readLeadAnswer(500, {}))).toBe(MESSAGES.somethingWentWrong);
  });
});

describe("validateLead: the function's own schemas, in the browser", () => {
  it('partnership: name and email required, email format, optional rest', () => {
    expect(validateLead('partnership', { name: '', email: '' })).toEqual({ ok: false, fields: { name: MSG.nameRequired, email: MSG.emailRequired } });
    expect(validateLead('partnership', { name: 'Zuri', email: 'zuri@' })).toEqual({ ok: false, fields: { email: MSG.emailInvalid } });
    expect(validateLead('partnership', { name: ' Zuri ', email: ' z@x.co ', company: '', partnershipType: '', message: '' })).toMatchObject({
      ok: true,
      data: { name: 'Zuri', email: 'z@x.co' },
    });
    expect(validateLead('partnership', { name: 'Z', email: 'z@x.co', partnershipType: 'reseller' }).ok).toBe(false);
  });
  it('beta_request: role and message required too (docs/newsletter-and-leads.md#validation)', () => {
    expect(validateLead('beta_request', { name: 'A', email: 'a@b.co', role: '', message: ' ' })).toEqual({
      ok: false,
      fields: { role: MSG.roleRequired, message: MSG.messageRequired },
    });
  });
  it('access_beta: message optional; notify: name and email', () => {
    expect(validateLead('access_beta', { name: 'Nia', email: 'n@b.co', message: '' }).ok).toBe(true);
    expect(validateLead('notify', { name: '', email: 'n@b.co' })).toEqual({ ok: false, fields: { name: MSG.nameRequired } });
  });
  it('vault and merch opt-ins need the item', () => {
    expect(validateLead('vault_optin', { email: 'a@b.co', item: 'Takedown Guide' }).ok).toBe(true);
    expect(validateLead('merch_notify', { email: 'a@b.co' }).ok).toBe(false);
  });
});
