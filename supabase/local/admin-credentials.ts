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
