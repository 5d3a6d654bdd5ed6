/**
 * Everything the product keeps in a visitor's browser, named once. The widgets read and write browser
 * storage only through these names, and the cookie policy (/cookies, site/content/policies.ts) has a
 * row for every entry of `BROWSER_STORAGE` (TypeScript refuses a missing one). No cookies, IndexedDB
 * or Cache storage are used at all. tests/unit/site-policies.test.ts scans the shipped code and fails on
 * a storage key, cookie or other browser store that does not come from here.
 */

/** supabase-js's default session key for a backend URL: `sb-<first DNS label of the host>-auth-token`. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** Any backend's session key (the loader looks for one without knowing the backend yet). */
export const AUTH_STORAGE_KEY_PATTERN = /^sb-.+-auth-token$/;

/** The beta password was accepted in this tab (sessionStorage, value `'1'`). */
export const BETA_UNLOCK_KEY = 'kyb-beta-unlocked';

/** This tab already saved the signed-in user's profile (sessionStorage, value: the user id). */
export const PROFILE_SYNCED_KEY = 'kyb-profile-synced';

/**
 * A product's configurator choices are kept under this prefix + the product id (localStorage, value:
 * the choices as a query string). A string, not a function, so the build copies it into the
 * configurator's chunk instead of adding code to the runtime every element loads.
 */
export const CONFIGURATOR_KEY_PREFIX = 'kyb-configurator:';

/**
 * The visitor's cart (localStorage, value: JSON `{lines, at, owner?, order?}`: the lines as checkout takes
 * them, never a price; docs/commerce.md#cart). Named exactly as the cart's element on purpose: the loader
 * (widgets/loader.ts) loads an on-request element at once when the browser holds a key of its tag's name,
 * and the cart removes the key when it empties, so a visitor with an empty cart downloads no cart code
 * (tests/unit/site-policies.test.ts holds the two equal).
 */
export const CART_STORAGE_KEY = 'kyb-cart';

/**
 * The kit terms ticked in the cart (sessionStorage, value: `<cart id>:<terms version>`): back from
 * Stripe's page with Cancel, the box is still ticked (issue #29).
 */
export const KIT_TERMS_STORAGE_KEY = 'kyb-kit-terms';

export type StorageArea = 'localStorage' | 'sessionStorage';

export interface BrowserStorageEntry {
  area: StorageArea;
  /** The key as a reader sees it in the browser's developer tools (`<…>` marks the part that varies). */
  shown: string;
  /** True for every key this entry covers. */
  matches: (key: string) => boolean;
  /** The exports above that code must go through to reach this key. */
  via: readonly string[];
}

/** Every browser storage key, by id; the cookie policy's table is keyed by these ids. */
export const BROWSER_STORAGE = {
  session: {
    area: 'localStorage',
    shown: 'sb-<backend>-auth-token',
    matches: (k) => AUTH_STORAGE_KEY_PATTERN.test(k),
    via: ['authStorageKey', 'AUTH_STORAGE_KEY_PATTERN'],
  },
  profileSynced: {
    area: 'sessionStorage',
    shown: PROFILE_SYNCED_KEY,
    matches: (k) => k === PROFILE_SYNCED_KEY,
    via: ['PROFILE_SYNCED_KEY'],
  },
  betaUnlocked: {
    area: 'sessionStorage',
    shown: BETA_UNLOCK_KEY,
    matches: (k) => k === BETA_UNLOCK_KEY,
    via: ['BETA_UNLOCK_KEY'],
  },
  configurator: {
    area: 'localStorage',
    shown: `${CONFIGURATOR_KEY_PREFIX}<product>`,
    matches: (k) => k.startsWith(CONFIGURATOR_KEY_PREFIX) && /^[a-z0-9-]+$/.test(k.slice(CONFIGURATOR_KEY_PREFIX.length)),
    via: ['CONFIGURATOR_KEY_PREFIX'],
  },
  cart: {
    area: 'localStorage',
    shown: CART_STORAGE_KEY,
    matches: (k) => k === CART_STORAGE_KEY,
    via: ['CART_STORAGE_KEY'],
  },
  kitTerms: {
    area: 'sessionStorage',
    shown: KIT_TERMS_STORAGE_KEY,
    matches: (k) => k === KIT_TERMS_STORAGE_KEY,
    via: ['KIT_TERMS_STORAGE_KEY'],
  },
} as const satisfies Record<string, BrowserStorageEntry>;

export type BrowserStorageId = keyof typeof BROWSER_STORAGE;
