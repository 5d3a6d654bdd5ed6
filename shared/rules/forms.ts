/**
 * Field rules of the visitor forms: newsletter, waiting list, leads, partnership (docs/limits.md#validation-rules).
 * The functions' zod contracts (shared/contracts.ts) and the widgets' own checks both read them.
 * No imports: this file runs unchanged in Deno (functions), Node (site build, local stack, tests) and the browser.
 */

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
/** "text, at-sign, text, dot, text" (docs/limits.md#validation-rules). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const WAITLIST_NAME = 'DIY Kit Waiting List';
/** Bumped whenever the consent wording changes; each subscriber row records the version agreed to. */
export const CONSENT_TEXT_VERSION = '2025-01';
export const CONSENT_TEXT = 'I agree to receive the KYB newsletter and accept the Privacy Policy.';
export const MESSAGE_MAX = 2000;

export const PARTNERSHIP_TYPES = [
  { value: 'affiliate', label: 'Affiliate Partnership' },
  { value: 'supplier', label: 'Supplier/Vendor' },
  { value: 'collaboration', label: 'Brand Collaboration' },
  { value: 'other', label: 'Other' },
] as const;
