/**
 * Every toast of the spec, word for word (docs/errors.md), as one typed catalogue. Elements never
 * write toast text themselves: `toast(MESSAGES.signInSuccess)`, `toast(MESSAGES.signInFailed(error.message))`.
 *
 * Entries are `Toast` objects, or functions of the server's text for the rows that say "with the
 * server's message". Failures use the destructive variant (docs/errors.md: "destructive unless noted";
 * docs/errors.md marks only the review failure explicitly, and the other failures read the same way).
 * Inline field messages (Name is required, …) live in supabase/functions/_shared/rules.ts `MSG`,
 * shared with the functions.
 */
import { PASSWORD_MIN } from '../../supabase/functions/_shared/rules.ts';

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** A toast in the default (success) variant; elements with toasts of their own build them with these. */
export const ok = (title: string, description?: string): Toast => ({ title, description, variant: 'default' });
/** A failure toast (destructive). */
export const bad = (title: string, description?: string): Toast => ({ title, description, variant: 'destructive' });
/** "X, with the server's message": the message may be missing (then the title stands alone). */
const badWith =
  (title: string) =>
  (serverMessage?: string | null): Toast =>
    bad(title, serverMessage || undefined);

export const MESSAGES = {
  // ---- docs/errors.md: accounts
  signInFailed: badWith('Sign in failed'),
  signUpFailed: badWith('Sign up failed'),
  signOutFailed: badWith('Sign out failed'),
  signInSuccess: ok('Welcome back!', "You're signed in"),
  signUpSuccess: ok('Check your email', "We've sent a confirmation link to complete sign up"),
  signOutSuccess: ok('Signed out', 'You have been signed out'),

  // ---- docs/errors.md + docs/limits.md#validation-rules: newsletter
  consentRequired: bad('Consent Required', 'Please agree to receive our newsletter to continue'),
  subscriptionFailed: badWith('Subscription Failed'),
  somethingWentWrong: bad('Something went wrong', 'Please try again later or contact support'),
  newsletterSuccess: (serverMessage?: string | null): Toast => ok('Welcome to the Circle!', serverMessage || undefined),

  // ---- docs/errors.md: waiting list
  waitlistFailed: badWith('Signup Failed'),
  waitlistSuccess: ok("You're on the list!", "We'll notify you as soon as the DIY Trinity Loc Kit is available"),

  // ---- docs/errors.md: reviews
  reviewAuthRequired: bad('Authentication required', 'Please sign in to submit a review'),
  reviewRatingRequired: bad('Rating required', 'Please select a star rating'),
  reviewInvalidFiles: bad('Invalid files', 'Some files were rejected. Please use JPEG, PNG, WebP images or MP4, MOV videos under 5MB'),
  reviewSubmitFailed: bad('Submission failed', 'Please try again later'),
  reviewSuccess: ok('Review submitted!', 'Thank you for your feedback'),

  // ---- docs/errors.md: gallery admin
  galleryFetchFailed: bad('Error', 'Failed to fetch gallery items'),
  uploadFailed: bad('Upload failed', 'Failed to upload file'),
  deleteFailed: bad('Delete failed', 'Failed to delete item'),
  orderUpdateFailed: bad('Update failed', 'Failed to update item order'),
  statusUpdateFailed: bad('Update failed', 'Failed to update item status'),
  altTextUpdateFailed: bad('Update failed', 'Failed to update alt text'),
  uploadLimitReached: bad('Upload limit reached', 'You can only have up to 10 files in the gallery.'),
  /** "{image or video} uploaded successfully": the word starts the sentence, so it is capitalised. */
  uploadSuccess: (kind: 'image' | 'video'): Toast => ok('Success', `${kind} uploaded successfully`),
  deleteSuccess: ok('Success', 'Item deleted successfully'),
  adminAuthRequired: bad('Authentication required', 'Please sign in to access the admin panel.'),

  // ---- docs/errors.md: My Account
  profileLoadFailed: bad('Error', 'Failed to load profile'),
  profileUpdateFailed: bad('Error', 'Failed to update profile'),
  profileUpdated: ok('Success', 'Profile updated successfully'),

  // ---- beyond the spec (kyb-auth-button's password reset and confirmation resend)
  resetLinkSent: ok('Check your email', "We've sent a link to reset your password"),
  resetFailed: badWith('Password reset failed'),
  confirmationResent: ok('Check your email', "We've sent a new confirmation link"),
  resendFailed: badWith('Could not resend the confirmation'),
  passwordUpdated: ok('Password updated', 'You can now sign in with your new password'),
  passwordUpdateFailed: badWith('Password update failed'),
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Non-toast texts of the catalogues (docs/errors.md). */
export const TEXTS = {
  /** Browser alert on a wrong beta password. */
  betaWrongPassword: 'Incorrect password. Please try again.',
  notFound: 'Oops! Page not found',
  /** My Account, under the read-only e-mail (docs/accounts.md#validation). */
  emailReadOnly: 'Email cannot be changed',
  /** Sign-in / sign-up inline messages (docs/accounts.md#validation: nothing is sent while a field is empty). */
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  /** Sign-up password placeholder (docs/accounts.md#sign-in-dialog). */
  passwordPlaceholder: `At least ${PASSWORD_MIN} characters`,
  /** My Account avatar field (docs/accounts.md#validation: "the avatar field must be a URL"). */
  avatarUrlInvalid: 'Please enter a valid URL',
} as const;
