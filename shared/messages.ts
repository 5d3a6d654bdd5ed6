/**
 * The one catalogue of the product's messages: inline field messages, the functions' answers, the
 * toasts and the other fixed texts, word for word as docs/errors.md and the feature pages of docs/ give
 * them. Elements never write a toast or a field error themselves: `toast(MESSAGES.signInSuccess)`,
 * `toast(MESSAGES.signInFailed(error.message))`.
 *
 * Toast entries are `Toast` objects, or functions of the server's text for the rows that say "with the
 * server's message". Failures use the destructive variant (docs/errors.md: "destructive unless noted").
 *
 * Runs in Deno (the functions import it by relative path), Node and the browser: its only imports are
 * other files of shared/. Each catalogue is its own export, so a widget bundle keeps only the ones it reads.
 */
import type { LeadKind } from './rules/forms.ts';
import { PASSWORD_MIN } from './rules/accounts.ts';
import { PLANNER_FILE_LIMITS, REVIEW_REQUEST_DAYS, orderNumber, type OrderStatus } from './rules/commerce.ts';

/** docs/errors.md: what the admin panels say to a visitor who is not signed in (and admin-orders answers 401 with). */
const ADMIN_SIGN_IN = 'Please sign in to access the admin panel.';

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

/**
 * Inline field messages (docs/limits.md#validation-rules). The functions' zod contracts
 * (shared/contracts.ts) answer with them and the widgets' own checks show the same words.
 */
export const MSG = {
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  consentInline: 'Please agree to receive our newsletter',
  roleRequired: 'Role is required',
  messageRequired: 'Message is required',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/**
 * What the functions answer. The widgets show these texts in their toasts (docs/data.md#calls: "the
 * message is used in the success toast"), so they are written for visitors.
 */
export const FUNCTION_MESSAGES = {
  newsletterJoined: 'Thanks for joining the KYB circle. Look out for our next letter.',
  /** docs/errors.md: You're on the list! We'll notify you as soon as the DIY Trinity Loc Kit is available. */
  waitlistJoined: "We'll notify you as soon as the DIY Trinity Loc Kit is available.",
  unsubscribed: "You've been unsubscribed. You won't receive any more emails from this list.",
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  tooManyRequests: 'Too many requests. Please try again later.',
  /** docs/errors.md: the beta gate's alert, shown inline and as a browser alert. */
  betaPasswordWrong: 'Incorrect password. Please try again.',
  badBody: 'The request body must be a JSON object.',
  bodyTooLarge: 'The request body is too large.',
  methodNotAllowed: 'Method not allowed.',
  /** link-click: an id that is not a link of /links (shared/links.ts). */
  linkUnknown: 'Unknown link.',
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

/**
 * The e-mail a Vault opt-in sends the visitor (issue #23; docs/tools.md#vault-and-resources): the card
 * promises "check your inbox for more from the Vault!". It answers the visitor's own request, links
 * only the Vault's files, and says it is the one mail they will get; it subscribes them to nothing.
 */
export const VAULT_MAIL = {
  subject: (title: string) => `Your ${title} from the KYB Vault`,
  subjectAny: 'Your downloads from the KYB Vault',
  intro: (title: string) => `Here is the ${title} you asked for on our website:`,
  introAny: 'Thank you for visiting the KYB Vault. Here is everything in it, free to download:',
  more: 'More from the Vault, free as well:',
  why: "You're receiving this one e-mail because this address asked for a download from the KYB Vault. We won't write again unless you join the Circle, our newsletter:",
  signOff: 'With care,\nKYB Holistic Haircare',
} as const;

/** Every toast of the spec (docs/errors.md). */
export const MESSAGES = {
  // ---- docs/errors.md: accounts
  signInFailed: badWith('Sign in failed'),
  signUpFailed: badWith('Sign up failed'),
  signOutFailed: badWith('Sign out failed'),
  signInSuccess: ok('Welcome back!', "You're signed in"),
  signUpSuccess: ok('Check your email', "We've sent a confirmation link to complete sign up"),
  // Not in the spec, which only words sign-up with a confirmation e-mail: a project that confirms at once
  // (AUTH_AUTOCONFIRM) has created the account and signed it in, so the toast says that, not "Welcome back!"
  // to someone who was never here (docs/errors.md#accounts).
  signUpSignedIn: ok('Account created', "Welcome to KYB! You're signed in"),
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
  adminAuthRequired: bad('Authentication required', ADMIN_SIGN_IN),

  // ---- docs/errors.md: My Account
  profileLoadFailed: bad('Error', 'Failed to load profile'),
  profileUpdateFailed: bad('Error', 'Failed to update profile'),
  profileUpdated: ok('Success', 'Profile updated successfully'),

  // ---- beyond the spec (kyb-auth-button's password reset and confirmation resend)
  resetLinkSent: ok('Check your email', "We've sent a link to reset your password"),
  resetFailed: badWith('Password reset failed'),
  confirmationResent: ok('Check your email', "We've sent a new confirmation link"),
  resendFailed: badWith('Could not resend the confirmation'),
  // The recovery link signed the visitor in, and saving the password keeps them signed in: say that
  // (issue #23: "You can now sign in" told a signed-in visitor to sign in).
  passwordUpdated: ok('Password updated', "You're signed in with your new password"),
  // A sign-up confirmation link signed the visitor in, back on the page they signed up from (issue #23).
  emailConfirmed: ok('Email confirmed', "You're signed in. Welcome to KYB!"),
  passwordUpdateFailed: badWith('Password update failed'),
} as const;

/** Non-toast texts of the catalogues (docs/errors.md). */
export const TEXTS = {
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
  /**
   * The planner gallery when its read fails (docs/tools.md#planner-gallery): the cover stands in, as the
   * spec says, with this quiet line and a retry under it, so it does not pass for still loading (issue #8).
   */
  plannerGalleryFailed: "The gallery's photos could not be loaded.",
  /**
   * After a beta request (the access modal's heading, the beta gate's thank-you): the visitor has asked,
   * not been let in yet, and the gate's thank-you holds no password field, so it points to the one
   * behind Back to Login (issue #23; docs/tools.md#beta-gate).
   */
  betaRequestReceived: 'Request received!',
  betaRequestThanks:
    "We've received your request and review every one personally. Once we e-mail you the beta password, choose Back to Login below and enter it there to open the tools.",
  tryAgain: 'Try again',
} as const;

/** The admin inbox's toasts (docs/admin.md#inbox; the spec's catalogue has no inbox screen: issue #10 added it). */
export const INBOX_MESSAGES = {
  marked: { new: ok('Success', 'Marked as new'), handled: ok('Success', 'Marked handled'), archived: ok('Success', 'Archived') },
  exported: (n: number) => ok('Export ready', `${n} ${n === 1 ? 'item' : 'items'} exported`),
  updateFailed: bad('Update failed', 'Failed to update the item'),
  fetchFailed: bad('Error', 'Failed to fetch the inbox'),
  exportFailed: bad('Export failed', 'Failed to export the inbox'),
} as const;

/** The embed builder's toasts (/admin/embed, issue #22; docs/admin.md#embed-builder). */
export const EMBED_MESSAGES = {
  copied: (what: string) => ok('Copied', `The ${what} is on your clipboard`),
  copyFailed: bad('Copy failed', 'Select the code and copy it with Ctrl+C (⌘C on a Mac)'),
  clicksFailed: bad('Error', 'Failed to load the link clicks'),
} as const;

/**
 * What a customer does with an order after paying (docs/commerce.md#order-pages; issue #21): pay the
 * balance of a made-to-order order, download the Crown Planner, follow the shipment. Drawn on the order
 * pages and in My Account alike.
 */
export const ORDER_ACTION_TEXT = {
  balanceReady: (amount: string) => `Pay the ${amount} balance and we ship your order.`,
  balanceEarly: (amount: string) => `The ${amount} balance is due before shipping. Pay it now, or when we e-mail you that your order is ready.`,
  download: 'Download',
  downloading: 'Preparing your download…',
  files: 'Your files',
  filesHint: 'Each file downloads from a link made when you press it, good for two minutes. Press again any time for a fresh one.',
  downloadFile: (name: string) => `Download ${name}`,
  shipped: (carrier: string, number: string) => `Shipped with ${carrier}, tracking number ${number}`,
  track: 'Track your package',
} as const;

/** Their toasts: the function's own words where it gave any. */
export const ORDER_ACTION_MESSAGES = {
  balanceFailed: badWith('Payment could not be started'),
  downloadFailed: (serverMessage?: string | null): Toast => bad('Download failed', serverMessage || 'Please try again in a moment'),
} as const;

const PLANNER_FILE_MB = PLANNER_FILE_LIMITS.maxBytes / (1024 * 1024);

/** How many orders need action: the orders screen's summary, and the admin nav's count beside Orders. */
export const ordersNeedingAction = (n: number) => (n === 0 ? 'Nothing needs action' : `${n} ${n === 1 ? 'needs' : 'need'} action`);

/**
 * The admin's orders screen (docs/admin.md#orders; issue #21): its words and its toasts. The statuses
 * read as ORDER_STATUS_LABEL says, to the admin as to the customer.
 */
export const ADMIN_ORDER_TEXT = {
  heading: 'Orders',
  searchPlaceholder: 'Name, e-mail or order #',
  allStatuses: 'All statuses',
  needsActionFilter: 'Needs action',
  loading: 'Loading orders…',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} ${total === 1 ? 'order' : 'orders'}`,
  empty: 'No orders yet.',
  noMatch: 'No orders match these filters.',
  views: { orders: 'Orders', abandoned: 'Abandoned checkouts', files: 'Planner files' },
  /** Checkouts nobody paid (docs/admin.md#abandoned-checkouts): never listed among the orders. */
  abandoned: {
    intro: 'Checkouts that were opened and never paid. They are kept for the record and are not orders: nothing was charged.',
    loading: 'Loading abandoned checkouts…',
    empty: 'No abandoned checkouts.',
    showing: (shown: number, total: number) => `Showing ${shown} of ${total} abandoned ${total === 1 ? 'checkout' : 'checkouts'}`,
    noEmail: 'No e-mail (Stripe collected none)',
    started: (date: string) => `Started ${date}`,
    expired: (date: string) => `Expired ${date}`,
    openUntil: (date: string) => `Open until ${date}`,
    failed: 'The payment failed',
  },
  /** The latest run of the stripe-reconcile job (docs/admin.md#orders). */
  reconcile: {
    never: 'Stripe has not been checked yet',
    checked: (ago: string, repaired: number) => `Stripe checked ${ago}: ${repaired === 0 ? 'nothing to repair' : `repaired ${repaired} ${repaired === 1 ? 'event' : 'events'}`}`,
    failed: (ago: string) => `Stripe check ${ago} failed: it runs again within the hour`,
    running: (ago: string) => `Stripe check started ${ago}`,
  },
  guest: 'Guest checkout',
  account: 'Customer account',
  items: (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`,
  noAddress: 'No address: digital delivery',
  noAddressYet: 'Not given yet (Stripe collects it at payment)',
  payment: { full: 'Payment in full', deposit: 'Deposit', balance: 'Balance' },
  paymentStatus: { open: 'Checkout open', processing: 'Processing', paid: 'Paid', failed: 'Failed', expired: 'Expired' },
  refunded: (amount: string) => `${amount} refunded`,
  /** The payment's page in Stripe's Dashboard (the local Stripe's page locally). */
  dashboard: 'View in Stripe',
  dashboardOf: (what: string) => `View the ${what} in Stripe`,
  /** Refunding one payment (docs/admin.md#refunds): the form, the question, what happened. */
  refund: {
    button: 'Refund',
    buttonOf: (what: string) => `Refund the ${what}`,
    title: (what: string) => `Refund the ${what}`,
    amount: 'Amount (USD)',
    amountHint: (left: string, what: string) => `Up to ${left}, what is left of the ${what}. Less refunds part of it.`,
    reason: 'Reason',
    reasonHint: 'Kept with the refund at Stripe.',
    next: 'Continue',
    back: 'Back',
    question: (amount: string, what: string) => `Refund ${amount} of the ${what} to the customer's card?`,
    explain: 'Stripe sends it back to the card or bank account the customer paid with, usually within 5-10 business days. A refund cannot be undone.',
    confirm: (amount: string) => `Refund ${amount}`,
    refunding: 'Refunding…',
    amountRequired: 'Enter the amount to refund',
    amountInvalid: 'Enter an amount in dollars and cents, like 45.00',
    amountTooLarge: (left: string) => `At most ${left} is left to refund`,
    reasonRequired: 'Give a reason for the refund',
    done: (amount: string, what: string) => `Refunded ${amount} of the ${what}. The customer gets it back within 5-10 business days.`,
  },
  mail: {
    confirmation: 'Order confirmation',
    business: 'New-order notice to the business',
    balance_due: 'Balance due',
    shipped: 'Shipped, with tracking',
    refund: 'Refund',
    review_request: 'Review request',
    balance_receipt: 'Balance receipt',
    business_balance: 'Balance notice to the business',
    unexpected_refund: 'Unexpected payment refunded',
    cancelled: 'Cancellation',
    business_unexpected: 'Unexpected payment notice to the business',
  },
  mailStatus: { sending: 'Sending', sent: 'Sent', failed: 'Failed: retried within the hour', skipped: 'Not sent: e-mail is not configured' },
  noMails: 'No e-mail sent yet.',
  reviewSent: (product: string, date: string) => `Sent for ${product} on ${date}`,
  reviewDue: (date: string) => `Due on ${date}, ${REVIEW_REQUEST_DAYS} days after delivery`,
  reviewLater: `Sent ${REVIEW_REQUEST_DAYS} days after the order is delivered`,
  kitTerms: (version: string, date: string) => `Accepted (wording ${version}) on ${date}`,
  trackingLink: 'Track the package',
  steps: {
    in_production: 'Start production',
    ready: 'Mark ready',
    readyBalance: (amount: string) => `Mark ready and request the ${amount} balance`,
    shipped: 'Mark shipped',
    delivered: 'Mark delivered',
    cancelled: 'Cancel order',
  },
  readyBalanceHint: 'The customer is e-mailed a link to their order page, where they pay the balance.',
  shippedHint: 'The customer is e-mailed the carrier and the tracking link.',
  noSteps: {
    waiting: 'Nothing to do until the payment is settled.',
    done: 'No further steps.',
  },
  shipForm: {
    title: 'Shipment',
    carrier: 'Carrier',
    chooseCarrier: 'Choose a carrier',
    tracking: 'Tracking number',
    note: 'Note (optional)',
    submit: 'Mark shipped',
    back: 'Back',
    carrierRequired: 'Choose the carrier',
    trackingRequired: 'Enter the tracking number',
  },
  cancel: {
    title: (order: string) => `Cancel order ${order}?`,
    body: 'The order stops here and cannot be reopened. Any checkout of it still open at Stripe is closed, so nothing more can be paid.',
    refundAll: (amount: string) => `Refund what was paid (${amount})`,
    refundHint: 'Each payment goes back through Stripe to the card it came from.',
    reason: 'Reason (optional)',
    keep: 'Keep the order',
    confirm: 'Cancel order',
  },
  saving: 'Saving…',
  close: 'Close',
  files: {
    heading: 'Planner files',
    intro: "What a paid Crown Planner order downloads: every file in its tier's folder. The customer's Download makes a link that works for two minutes; no link is ever e-mailed.",
    loading: 'Loading the files…',
    none: 'No file yet: buyers of this tier have nothing to download.',
    add: 'Add a file',
    addTo: (tier: string) => `Add a file to ${tier}`,
    replace: 'Replace',
    replaceOf: (name: string) => `Replace ${name}`,
    remove: 'Remove',
    removeOf: (name: string) => `Remove ${name}`,
    uploading: (name: string) => `Uploading ${name}…`,
    hint: `PDF, ZIP, PNG or JPEG, up to ${PLANNER_FILE_MB} MB. A file with the name of one already here replaces it.`,
    confirmTitle: (name: string) => `Remove ${name}?`,
    confirmBody: 'Buyers of this tier will no longer get this file.',
    keep: 'Keep it',
    updated: (size: string, date: string) => `${size}, updated ${date}`,
    /** A seeded stand-in (issue #29: it passed for the real planner). */
    placeholder: 'Placeholder, not the real planner: replace it with the real file. Buyers download this one until you do.',
  },
} as const;

/** The admin's orders screen's toasts (docs/admin.md#orders). */
export const ADMIN_ORDER_MESSAGES = {
  moved: {
    in_production: ok('Success', 'Production started'),
    ready: ok('Success', 'Marked ready'),
    readyBalance: ok('Success', 'Marked ready, and the balance is requested by e-mail'),
    shipped: ok('Success', 'Marked shipped, and the customer is e-mailed the tracking'),
    delivered: ok('Success', 'Marked delivered'),
    cancelled: ok('Success', 'Order cancelled'),
    cancelledRefunded: ok('Success', 'Order cancelled and refunded'),
  },
  /** admin-orders stored the step but its e-mail could not go yet (the review-requests job sends it again). */
  mailOwed: ok('E-mail not sent yet', 'The step is saved; the e-mail is sent again within the hour'),
  updateFailed: bad('Update failed', 'Failed to update the order'),
  fetchFailed: bad('Error', 'Failed to fetch orders'),
  exported: (n: number) => ok('Export ready', `${n} ${n === 1 ? 'order' : 'orders'} exported`),
  exportFailed: bad('Export failed', 'Failed to export the orders'),
  filesFailed: bad('Error', 'Failed to fetch the planner files'),
  fileUploaded: (name: string) => ok('Success', `${name} uploaded`),
  fileRemoved: (name: string) => ok('Success', `${name} removed`),
  fileRejected: bad('Invalid file', `Please use a PDF, ZIP, PNG or JPEG file up to ${PLANNER_FILE_MB} MB`),
  fileRemoveFailed: bad('Delete failed', 'Failed to remove the file'),
} as const;

/**
 * The moderation panel's toasts (docs/reviews.md; the spec's catalogue has no moderation screen). Its
 * sign-in toast is the core one the gallery admin uses.
 */
export const MODERATION_MESSAGES = {
  approved: ok('Success', 'Review approved'),
  unapproved: ok('Success', 'Review unapproved'),
  deleted: ok('Success', 'Review deleted'),
  updateFailed: bad('Update failed', 'Failed to update review'),
  deleteFailed: bad('Delete failed', 'Failed to delete review'),
  replySaved: ok('Success', 'Reply published'),
  replyRemoved: ok('Success', 'Reply removed'),
  replyFailed: bad('Reply failed', 'Failed to save reply'),
  fetchFailed: bad('Error', 'Failed to fetch reviews'),
} as const;

/**
 * kyb-reviews' action for a visitor who is not signed in (issue #23; beyond the brief, which shows Write
 * Review to signed-in visitors only and says nothing to anyone else). Its own export: the reviews list's
 * first view carries this label alone, not a catalogue.
 */
export const REVIEW_SIGN_IN_LABEL = 'Sign in to write a review';

/** The review form's own words, which the spec does not give (inline field errors, notes). */
export const REVIEW_FIELD_MSG = {
  titleRequired: 'Title is required',
  contentRequired: 'Review is required',
  // The limit comes from the caller (REVIEW_MAX_FILES), so the functions' bundles need no review rules.
  tooManyFiles: (n: number, max: number) => `Only ${max} files can be attached; ${n === 1 ? '1 file was' : `${n} files were`} left out.`,
  textSaved: 'Your review is saved. Submit again to finish attaching your photos and videos.',
  /** Beside the toast's thanks (reviewSuccess): only what it does not say (issue #29: both thanked). */
  pendingApproval: "Your review will appear once it's approved.",
} as const;

/**
 * The customizer's button (COMMERCE_TEXT.addToCart): a constant of its own, so the build copies it into
 * kyb-loc-configurator's chunk instead of making a product page fetch this whole catalogue for one label.
 */
export const ADD_TO_CART = 'Add to Cart';

/**
 * The shop's words (docs/commerce.md): the cart, checkout and the order pages. The spec has no checkout
 * ("not shown"); these are ours, written once here.
 */
export const COMMERCE_TEXT = {
  cart: 'Cart',
  cartTitle: 'Your cart',
  emptyCart: 'Your cart is empty',
  emptyCartHint: 'Browse our loc extensions, kits and the Crown Planner.',
  addToCart: ADD_TO_CART,
  remove: 'Remove',
  quantity: 'Quantity',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  shippingFree: 'Free',
  shippingDigital: 'None (digital delivery)',
  total: 'Total',
  dueToday: 'Due today',
  balanceDue: 'Balance due before shipping',
  checkout: 'Checkout',
  checkoutBusy: 'Opening secure checkout…',
  continueShopping: 'Continue shopping',
  kitTermsRequired: 'Please confirm the kit terms to continue',
  confirming: 'Confirming your payment…',
  confirmingHint: 'This usually takes a few seconds. You can leave this page: we e-mail your receipt.',
  orderNotFound: 'We could not find this order. Check the link in your confirmation e-mail.',
  ordersTitle: 'Your orders',
  noOrders: "You haven't placed an order yet.",
  payBalance: 'Pay balance',
} as const;

/** What each order status reads as, to the customer and the admin alike (docs/commerce.md#order-states). */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  processing: 'Payment processing',
  paid: 'Paid',
  deposit_paid: 'Deposit paid',
  payment_failed: 'Payment failed',
  expired: 'Checkout expired',
  in_production: 'In production',
  ready: 'Ready',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The shop's toasts and the commerce functions' answers (checkout, order-status, admin-orders, stripe-webhook). */
export const COMMERCE_MESSAGES = {
  added: (name: string): Toast => ok('Added to cart', name),
  checkoutFailed: badWith('Checkout failed'),
  cartLimit: (max: number): Toast => bad('Cart is full', `A cart holds at most ${max} different items`),
  /** The function's answer when Stripe cannot be reached: nothing is charged, the cart is kept. */
  paymentUnavailable: 'Payment could not be started. Your cart is saved: please try again in a moment.',
  kitTermsRequired: 'Please confirm the kit terms to continue',
  orderNotFound: 'Order not found',
  /** order-status, for a download of an order that is not paid, or was refunded or cancelled. */
  downloadClosed: 'Downloads open once the order is paid, and close if it is refunded.',
  nothingDue: 'Nothing is due on this order.',
  /** checkout, 409: this cart was paid already (the widget opens that order and empties the cart). */
  cartAlreadyPaid: 'This cart has already been paid. Here is your order.',
  /** checkout, 409: another press with other lines of the same cart came first. */
  cartChanged: 'Your cart changed. Please press Checkout again.',
  /** A body the function's contract refuses without naming a field (shared/contracts.ts). */
  invalidRequest: 'Invalid request',
  /** checkout: the order's session can no longer be opened or reused (too close to its end, or closed). */
  pressAgain: 'This checkout has closed. Please press Checkout again.',
  checkoutComplete: 'This checkout is already complete.',
  /** The balance's line on Stripe's page and receipt. */
  balanceLine: (number: number) => `Balance of order ${orderNumber(number)}`,
  /** order-status: how an order is named. */
  oneOrderKey: 'Send one of sessionId, token or order.',
  /** admin-orders, without a session, and with one that is not an admin's. */
  adminSignIn: ADMIN_SIGN_IN,
  adminOnly: 'Only an admin can change an order.',
  /** stripe-webhook: what Stripe's dashboard shows for a refused delivery (Stripe retries a 5xx). */
  missingSignature: 'Missing Stripe-Signature header.',
  invalidSignature: 'Invalid signature.',
  /** stripe-webhook: signed, but not an event object (null, an array, a string, no id or type). */
  notAnEvent: 'The body is not a Stripe event.',
  mailPending: 'An order e-mail could not be sent yet.',
  /** admin-orders: Stripe could not be reached (or failed) after the step was stored. */
  stripeDown: 'Stripe could not be reached. Nothing more was changed: try again in a moment.',
  cancelledStripeDown: 'The order is cancelled, but Stripe could not be reached to close its checkout or refund it: refund each payment from the order.',
  /** admin-orders: the history note of a cancel with refund when the admin gave none. */
  cancelledNote: 'Order cancelled',
  paymentNotFound: 'Payment not found',
  nothingToRefund: (what: string) => `The ${what} is not paid: there is nothing to refund.`,
  stripeRefusedRefund: (message: string) => `Stripe refused the refund: ${message}`,
  /** admin-orders, 409: order_transition refused a shipment (`balance_due`); the amount is the order's balance. */
  balanceStillDue: (amount: string) => `The balance of ${amount} is still due: it must be paid before the order ships`,
} as const;

/**
 * The notes of an order's history that carry money, as the admin's order screen shows them (shared/orders.ts
 * historyNote). The database stores a key and the cents (migration money_words), never these words.
 */
export const ORDER_HISTORY_TEXT = {
  balanceRequested: (amount: string) => `Balance of ${amount} requested`,
  refundedTotal: (amount: string) => `Refunded ${amount} in all`,
  amountDiffers: (paid: string, due: string) => `Stripe reported ${paid} paid; ${due} was due`,
  unexpectedPayment: (amount: string, why: string) => `Payment of ${amount} received that the order no longer expected (${why}): refunded in full`,
  /** Why a payment was unexpected, by the key after `unexpected_payment:`. */
  unexpectedWhy: {
    checkout_closed: 'its checkout had been closed',
    order_cancelled: 'the order was cancelled',
    order_refunded: 'the order was refunded',
    no_balance: 'no balance was due any more',
  } as Record<string, string | undefined>,
} as const;

/**
 * The cart's own words beyond COMMERCE_TEXT (docs/commerce.md#cart, #states-and-messages): the header's
 * cart button, the drawer and the /cart page.
 */
export const CART_TEXT = {
  /** The header button's name, with the count it shows. */
  button: (count: number) => (count ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'),
  close: 'Close cart',
  /** The /cart page while the cart's code arrives (a moment). */
  loading: 'Loading your cart…',
  each: (price: string) => `${price} each`,
  quantityOf: (name: string) => `Quantity of ${name}`,
  increase: (name: string) => `One more ${name}`,
  decrease: (name: string) => `One fewer ${name}`,
  removeOf: (name: string) => `Remove ${name} from the cart`,
  /** Shown once the lines hold a made-to-order item: what is charged now and what later. */
  depositHeading: 'Made to order',
  /** /cart?checkout=cancelled (Stripe's cancel_url). */
  cancelledTitle: 'Checkout cancelled',
  cancelledText: 'Nothing was charged, and your cart is saved for when you are ready.',
  /** The /cart page's heading for its summary column. */
  summary: 'Order summary',
  secure: 'You pay on Stripe’s secure page. We never see your card details.',
  /** The cart notification under the header after Add to Cart (issue #29, as Dawn's). */
  addedTitle: 'Added to cart',
  viewCart: (count: number) => `View cart (${count})`,
  checkOut: 'Check out',
  closeNotice: 'Close',
} as const;

/** The cart's toasts (docs/commerce.md#states-and-messages). */
export const CART_MESSAGES = {
  /** A stored line the catalog no longer offers (a product gone off sale) was taken out. */
  linesDropped: ok('Cart updated', 'An item that is no longer available was removed from your cart.'),
  /** The checkout function could not be reached at all (no answer): nothing was charged. */
  unreachable: bad('Checkout failed', 'Payment could not be started. Your cart is saved: please try again in a moment.'),
  /** An Add to Cart whose product or options the catalog does not offer (a page's markup is wrong). */
  addFailed: badWith('Could not add to cart'),
  quantityLimit: (max: number): Toast => bad('Quantity limit', `Up to ${max} of each item can be ordered at once.`),
  /** A download is one per order (issue #29): the cart's line says so instead of a stepper, checkout refuses more. */
  downloadOnce: 'A download is one per order.',
  /** Add to Cart on a download already in the cart. */
  downloadInCart: ok('Already in your cart', 'A download is one per order.'),
} as const;

/** The order pages (/order/confirmed, /order) and My Account's orders (docs/commerce.md#order-pages). */
export const ORDER_PAGE_TEXT = {
  placed: (date: string) => `Placed ${date}`,
  items: 'Items',
  loading: 'Loading your order…',
  loadingOrders: 'Loading your orders…',
  quantity: (n: number, unit: string) => `${n} × ${unit}`,
  shipTo: 'Shipping to',
  email: (address: string) => `Receipt sent to ${address}`,
  link: 'Your order page',
  linkHint: 'Keep this link to see your order at any time. It is also in your confirmation e-mail.',
  /** After the success page has asked for a while without an answer from Stripe. */
  stillConfirming: 'We are still waiting to hear from the payment service. Nothing more is needed from you: we e-mail your receipt as soon as your payment is confirmed.',
  checkAgain: 'Check again',
  loadFailed: 'We could not load your order. Check your connection and try again.',
  backToCart: 'Back to your cart',
  /** What each status means to the customer, under its label. */
  status: {
    pending: 'We have not received your payment yet.',
    processing: 'Your payment is being processed. We e-mail you as soon as it clears.',
    paid: 'Thank you! Your payment is received.',
    deposit_paid: 'Thank you! Your deposit is received and we start making your locs. The balance is due before shipping.',
    payment_failed: 'Your payment did not go through, and nothing was charged. Your cart is saved: you can try again with another card.',
    expired: 'This checkout closed before it was paid, so nothing was charged. Your cart is saved.',
    in_production: 'Your order is being made by hand.',
    ready: 'Your order is ready.',
    shipped: 'Your order is on its way.',
    delivered: 'Your order was delivered.',
    cancelled: 'This order was cancelled.',
    refunded: 'This order was refunded. The money goes back to the card you paid with, which usually takes 5-10 business days.',
  } satisfies Record<OrderStatus, string>,
  ordersLoadFailed: bad('Error', 'Failed to load your orders'),
  /** A paid order on the success page, back from paying it: only then is its confirmation on its way (issue #29). */
  paidJustNow: 'Thank you! Your payment is received, and your confirmation is on its way to your inbox.',
  /** The success page, back from paying a balance (it names the payment it confirms). */
  balanceReceived: 'Balance received: we ship your order soon',
  /** A made-to-order order whose balance is paid before production started (Deposit paid, nothing due). */
  paidInFull: 'Thank you! Your order is paid in full, and we start making your locs.',
} as const;

/**
 * The e-mails of each payment beyond the first (supabase/functions/_shared/order-mail.ts): the balance's
 * receipt, and the refund of a payment the order no longer expected (docs/commerce.md#e-mails).
 */
export const PAYMENT_MAIL_TEXT = {
  balanceSubject: (order: string) => `Balance received: ${order}`,
  balanceReceived: (amount: string, total: string) =>
    `We've received your balance payment of ${amount}. Your order is paid in full (${total}), and we ship it as soon as it is ready.`,
  unexpectedSubject: (order: string) => `We refunded a payment we could not use (${order})`,
  unexpectedRefunded: (amount: string) =>
    `We refunded a payment we could not use: ${amount} reached us after your order no longer needed it, so we refunded it in full at once. Nothing more is needed from you.`,
  bankDays: 'Your bank usually shows it within 5-10 business days.',
  /** An order cancelled with nothing refunded (a refund sends the refund e-mail instead). */
  cancelledSubject: (order: string) => `Your order ${order} is cancelled`,
  cancelled: "We've cancelled your order. Nothing more is due on it, and any checkout of it still open can no longer be paid.",
  businessBalance: (order: string, amount: string) => `Balance paid: ${order}, ${amount}`,
  businessUnexpected: (order: string, amount: string) => `Payment refunded automatically: ${order}, ${amount}`,
  businessUnexpectedWhy: (amount: string) =>
    `Stripe took ${amount} on this order after it no longer expected it (cancelled, refunded, or no balance due). The website refunded it in full through Stripe; see the order's history.`,
} as const;

/**
 * The kit's launch (issue #29, item 2; docs/admin.md#kit-launch): the one e-mail its waiting list gets
 * when the admin puts the kit on sale, the kit-launch function's answers, and the admin's launch section.
 */
export const LAUNCH_MAIL = {
  /** The issue's words, exactly. */
  subject: 'The DIY Trinity Kit is here',
  intro: 'The DIY Trinity Loc Kit is on sale today. You asked us to tell you the day it launched, so here it is:',
  cta: 'Shop the DIY Trinity Kit',
  why: 'You receive this one e-mail because this address joined the waiting list for the DIY Trinity Loc Kit launch. The list sends nothing else.',
  unsubscribe: 'Unsubscribe',
  signOff: 'With care,\nKYB Holistic Haircare',
} as const;

export const LAUNCH_TEXT = {
  heading: 'DIY Trinity Kit launch',
  intro: 'Put the kit on sale when it launches: its page offers Add to Cart instead of the waiting list, checkout accepts it, and everyone on its waiting list is e-mailed once.',
  onSale: 'On sale',
  comingSoon: 'Coming Soon',
  switchLabel: 'The DIY Trinity Kit is on sale',
  confirmTitle: 'Put the DIY Trinity Kit on sale?',
  confirmBody: (n: number) =>
    `Its page offers Add to Cart within a few minutes (the pages are built again), checkout accepts it, and the ${n === 1 ? 'one address' : `${n} addresses`} on its waiting list ${n === 1 ? 'is' : 'are'} e-mailed "${LAUNCH_MAIL.subject}", once.`,
  confirm: 'Put it on sale',
  offTitle: 'Take the DIY Trinity Kit off sale?',
  offBody: 'Its page offers the waiting list again and checkout refuses it. Nobody is e-mailed again when it comes back.',
  off: 'Take it off sale',
  back: 'Back',
  /** The status line after the switch: what it did (the e-mails' count is in the list, once). */
  launched: 'The DIY Trinity Kit is on sale now.',
  withdrawn: 'The DIY Trinity Kit is off sale: Coming Soon again.',
  waiting: (n: number) => `${n} ${n === 1 ? 'address is' : 'addresses are'} on the waiting list.`,
  sent: (n: number) => `Launch e-mail sent to ${n} ${n === 1 ? 'address' : 'addresses'}.`,
  queued: (n: number) => `${n} waiting to be sent.`,
  failed: (n: number) => `${n} could not be sent yet: retried within the hour.`,
  skipped: (n: number) => `${n} unsubscribed before it went: not sent.`,
  notConfigured: 'E-mail is not configured (RESEND_API_KEY): the e-mails wait until it is.',
  loading: 'Loading…',
  loadFailed: 'The launch could not be read. Try again.',
  tryAgain: 'Try again',
} as const;

export const LAUNCH_MESSAGES = {
  /** checkout: a product whose launch switch is off (shared/cart.ts priceLine). */
  notOnSale: (title: string) => `${title} is not on sale yet`,
  adminOnly: 'Only an admin can launch a product.',
} as const;

/**
 * The rewards card's server answers (issue #31, docs/rewards.md). acuity-webhook's refusals are what
 * Acuity's webhook log shows for a delivery; the jobs' and corrections' words are the admin's.
 */
export const REWARDS_MESSAGES = {
  /** acuity-webhook: no `X-Acuity-Signature` header. */
  missingSignature: 'Missing X-Acuity-Signature header.',
  /** acuity-webhook: a signature that is not the HMAC of the body with the API key. */
  invalidSignature: 'Invalid signature.',
  /** acuity-webhook: signed, but not an appointment notification (no action we know, no numeric id). */
  notANotification: 'The body is not an Acuity appointment notification.',
  /** acuity-webhook: Acuity could not be read (down, or it answered what is not an appointment): Acuity sends again. */
  acuityUnavailable: 'Acuity could not be read. Try again later.',
  /** checkout: a reward code that is not the signed-in member's (a guessed code, a typo, someone else's). */
  codeUnknown: 'That code is not one of your rewards. Check it on your account page.',
  /** checkout: the member's own code, already used by a paid order. */
  codeUsed: 'That reward code has already been used.',
  /** checkout: a reward code sent by a guest. */
  codeSignIn: 'Sign in to use a reward code.',
  /** The cart's field, for signed-in members. */
  codeLabel: 'Reward code',
  codeHint: 'Optional. Your code from the rewards card, like KYB-1A2B3C4D5E6F.',
  /** The receipt's line (order page, e-mails) and the Stripe promotion code's coupon name. */
  discountLine: (code: string | null, percentOff?: number) => `Reward${code ? ` ${code}` : ''}${percentOff ? ` (${percentOff}% off)` : ''}`,
  /** admin-rewards: a correction from anyone but an admin. */
  adminOnly: 'Only an admin can correct a rewards card.',
  /** admin-rewards: a take-back on a card with no punch (rewards_adjust refuses it). */
  noPunchToTakeBack: 'This card has no punch to take back.',
  /** admin-rewards: a correction without its reason. */
  reasonRequired: 'Give a reason for the correction.',
  /** admin-rewards: a change other than one punch added or taken back. */
  changeInvalid: 'A correction adds or takes back one punch.',
  /** /admin/rewards: the correction was saved (the card's new count follows). */
  adjusted: (visits: number) => `Saved. The card now has ${visits} ${visits === 1 ? 'visit' : 'visits'}.`,
  /** /admin/rewards: the new rewards were marked seen. */
  seen: 'Marked as seen.',
  /** /admin/rewards: a member's codes, each with where it stands (a refund in full gives a used one back). */
  codesEmpty: 'No reward codes yet.',
  codeState: {
    issued: 'not used yet',
    used: (day: string) => `used on ${day}`,
    returned: (day: string) => `given back by a refund on ${day}: usable again`,
  },
  /** /admin/rewards and /account: the rewards could not be read. */
  loadFailed: 'Your rewards could not be loaded. Please refresh the page.',
  /** The card's history, one line per row of `punches` by its reason (/account and /admin/rewards). */
  history: {
    visit: 'Visit',
    canceled: 'Punch taken back: the appointment was canceled',
    no_show: 'Punch taken back: the appointment was marked a no-show',
    rescheduled: 'Punch taken back: the appointment was moved to a later date',
    email_changed: 'Punch taken back: the appointment now names another e-mail address',
    admin_add: 'Punch added by the studio',
    admin_take_back: 'Punch taken back by the studio',
  },
  /** /admin/rewards: a correction or the mark as seen failed for another reason. */
  saveFailed: 'That did not save. Please try again.',
} as const;
