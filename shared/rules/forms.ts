/**
 * Field rules of the visitor forms: newsletter, waiting list, leads, partnership (docs/limits.md#validation-rules).
 * The functions' zod contracts (shared/contracts.ts) and the widgets' own checks both read them.
 * No imports: this file runs unchanged in Deno (functions), Node (site build, local stack, tests) and the browser.
 */

/** The forms the spec leaves unsent (docs/data.md#entities, #calls): every one is stored by the lead-capture function. */
export const leadKinds = ['partnership', 'beta_request', 'access_beta', 'notify', 'vault_optin', 'merch_notify'] as const;
export type LeadKind = (typeof leadKinds)[number];

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** "text, at-sign, text, dot, text" (docs/limits.md#validation-rules). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The name the waiting list sends, fixed by the spec (docs/data.md#calls). It is a label, not a person:
 * the function does not store it (issue #23), and the admin inbox shows the e-mail as who it is.
 */
export const WAITLIST_NAME = 'DIY Kit Waiting List';
/** Bumped whenever the consent wording changes; each subscriber row records the version agreed to. */
export const CONSENT_TEXT_VERSION = '2025-01';
export const CONSENT_TEXT = 'I agree to receive the KYB newsletter and accept the Privacy Policy.';
/**
 * What joining the DIY kit's waiting list agrees to, shown under its e-mail field and recorded with
 * each sign-up (issue #23: the newsletter's version used to be recorded, though nobody ticked it). Waiting
 * list versions start with `waitlist-`; the database holds each list to its own (migration
 * 20261201000300_waitlist_consent.sql).
 */
export const WAITLIST_CONSENT_TEXT_VERSION = 'waitlist-2025-01';
export const WAITLIST_CONSENT_TEXT = "We'll e-mail you when the DIY Trinity Loc Kit is available, and about nothing else.";
/** What a subscription of each list is consent to, as the admin inbox and its export say it. */
export const CONSENT_SCOPE: Readonly<Record<string, string>> = {
  newsletter: 'the KYB newsletter',
  'diy-kit-waitlist': 'the DIY Trinity Loc Kit launch only',
};
export const MESSAGE_MAX = 2000;

export const PARTNERSHIP_TYPES = [
  { value: 'affiliate', label: 'Affiliate Partnership' },
  { value: 'supplier', label: 'Supplier/Vendor' },
  { value: 'collaboration', label: 'Brand Collaboration' },
  { value: 'other', label: 'Other' },
] as const;
