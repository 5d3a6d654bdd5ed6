/** The admin account supabase/seed.sql creates (local development only; never a production account). */
export const ADMIN_CREDENTIALS = { email: 'admin@kyb.local', password: 'kyb-admin-2025' } as const;

/**
 * An ordinary member with an ordinary-length address (issue #8: the header broke on one). Not seeded:
 * the playground's dev server and the visual tests sign it up on their in-memory stack.
 */
export const MEMBER_CREDENTIALS = { email: 'amara.okafor@gmail.com', password: 'amara-okafor-2025' } as const;

/**
 * A seeded customer with orders in every state a customer meets (supabase/seed.sql, "orders"): the
 * states catalogue's `customer` session, for My Account's orders.
 */
export const CUSTOMER_CREDENTIALS = { email: 'amara.johnson@example.com', password: 'kyb-customer-2025' } as const;

/**
 * Seeded customers whose rewards cards are in the states the card shows (supabase/seed.sql, "rewards"):
 * the states catalogue's sessions of the same names (widgets/rewards-card/states.ts). The card with no
 * visit yet is MEMBER_CREDENTIALS', the card with a code used CUSTOMER_CREDENTIALS'.
 */
export const REWARDS_CREDENTIALS = {
  /** 3 visits, an appointment coming. */
  'rewards-mid': { email: 'keisha.williams@example.com', password: 'kyb-customer-2025' },
  /** 5 visits: a 10% code issued, not used. */
  'rewards-ready': { email: 'nia.campbell@example.com', password: 'kyb-customer-2025' },
  /** 3 visits and a fourth taken back (the appointment was canceled after the fact). */
  'rewards-taken-back': { email: 'tariq.brown@example.com', password: 'kyb-customer-2025' },
} as const;
export type RewardsSession = keyof typeof REWARDS_CREDENTIALS;
