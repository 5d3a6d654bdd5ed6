/**
 * Request contracts of the project's functions, as zod/mini schemas (small enough for the widget
 * bundles): the widgets validate with the same schema the function enforces.
 */
import * as z from 'zod/mini';
import { MSG } from './messages.ts';
import { EMAIL_MAX, EMAIL_PATTERN, MESSAGE_MAX, NAME_MAX, NAME_MIN, PARTNERSHIP_TYPES } from './rules/forms.ts';

const email = z
  .string({ error: MSG.emailRequired })
  .check(z.trim(), z.minLength(1, { error: MSG.emailRequired }), z.maxLength(EMAIL_MAX, { error: MSG.emailInvalid }), z.regex(EMAIL_PATTERN, { error: MSG.emailInvalid }));

const name = z
  .string({ error: MSG.nameRequired })
  .check(z.trim(), z.minLength(1, { error: MSG.nameRequired }), z.minLength(NAME_MIN, { error: MSG.nameMin }), z.maxLength(NAME_MAX, { error: MSG.tooLong(NAME_MAX) }));

/** Honeypot: a field humans never see; bots fill it. */
const honeypot = z.optional(z.string());

export const newsletterSignup = z.object({
  name,
  email,
  consentGiven: z.literal(true, { error: MSG.consentInline }),
  waitingList: z.optional(z.boolean()),
  sourcePage: z.optional(z.string().check(z.maxLength(300))),
  website: honeypot,
});

export const newsletterUnsubscribe = z.object({ token: z.string().check(z.minLength(16), z.maxLength(200)) });

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, { error: MSG.tooLong(max) })));
const requiredText = (max: number, required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: MSG.tooLong(max) }));

/** The forms the spec leaves unsent (docs/data.md#entities, #calls): every one is stored by the lead-capture function. */
export const leadKinds = ['partnership', 'beta_request', 'access_beta', 'notify', 'vault_optin', 'merch_notify'] as const;
export type LeadKind = (typeof leadKinds)[number];

export const leadPayloads = {
  partnership: z.object({
    name: requiredText(NAME_MAX, MSG.nameRequired),
    email,
    company: optionalText(200),
    // The form's choices, or nothing chosen.
    partnershipType: z.optional(z.enum([...PARTNERSHIP_TYPES.map((t) => t.value), ''])),
    message: optionalText(MESSAGE_MAX),
  }),
  beta_request: z.object({
    name: requiredText(NAME_MAX, MSG.nameRequired),
    email,
    role: requiredText(100, MSG.roleRequired),
    message: requiredText(MESSAGE_MAX, MSG.messageRequired),
  }),
  access_beta: z.object({ name: requiredText(NAME_MAX, MSG.nameRequired), email, message: optionalText(MESSAGE_MAX) }),
  notify: z.object({ name: requiredText(NAME_MAX, MSG.nameRequired), email }),
  vault_optin: z.object({ email, item: requiredText(120, 'Item is required') }),
  merch_notify: z.object({ email, item: requiredText(120, 'Item is required') }),
} as const;

export const leadCapture = z.object({
  kind: z.enum(leadKinds),
  payload: z.record(z.string(), z.unknown()),
  sourcePage: z.optional(z.string().check(z.maxLength(300))),
  website: honeypot,
});

export const betaAccess = z.object({ password: z.string().check(z.minLength(1), z.maxLength(200)) });

/** First message per field, for inline errors. */
export function fieldErrors(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }) {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const k = String(i.path[0] ?? '_');
    if (!(k in out)) out[k] = i.message;
  }
  return out;
}
