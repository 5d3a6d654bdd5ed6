/** The admin account supabase/seed.sql creates (local development only; never a production account). */
export const ADMIN_CREDENTIALS = { email: 'admin@kyb.local', password: 'kyb-admin-2025' } as const;
