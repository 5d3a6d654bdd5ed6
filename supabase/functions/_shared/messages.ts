/**
 * What the functions answer. The widgets show these texts in their toasts (docs/data.md#calls: "the message is
 * used in the success toast"), so they are written for visitors. Field validation messages live in
 * rules.ts `MSG`, shared with the widgets' own checks.
 */
import type { LeadKind } from './contracts.ts';

export const FUNCTION_MESSAGES = {
  newsletterJoined: 'Thanks for joining the KYB circle. Look out for our next letter.',
  /** docs/errors.md: You're on the list! We'll notify you as soon as the DIY Trinity Loc Kit is available. */
  waitlistJoined: "We'll notify you as soon as the DIY Trinity Loc Kit is available.",
  unsubscribed: "You've been unsubscribed. You won't receive any more emails from this list.",
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  tooManyRequests: 'Too many requests. Please try again later.',
  /** docs/errors.md: the beta gate's alert. */
  betaPasswordWrong: 'Incorrect password. Please try again.',
  badBody: 'The request body must be a JSON object.',
  bodyTooLarge: 'The request body is too large.',
  methodNotAllowed: 'Method not allowed.',
  /** 500s carry no `error` field, so the widgets show their generic "Something went wrong" toast. */
  internal: 'Something went wrong. Please try again later.',
  lead: {
    /** docs/limits.md: partnership inquiries are answered within 2-3 business days. */
    partnership: "Thank you! We'll be in touch within 2-3 business days.",
    beta_request: "Thank you! We've received your beta access request.",
    access_beta: "Thank you! You're on the list for beta access.",
    notify: "Thanks! We'll let you know as soon as it's ready.",
    vault_optin: 'Thanks! Your download is starting.',
    merch_notify: "Thanks! We'll email you when it's available.",
  } satisfies Record<LeadKind, string>,
  leadGeneric: 'Thank you! We received your message.',
} as const;
