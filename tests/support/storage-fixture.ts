import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { TestStack, TestClient } from './stack.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import type { Database } from '../../supabase/types/database.ts';

export const LIMIT = 64 * 1024;
export const MEDIA = 'test-media';

/** Buckets shaped like review-media (public, size limit, MIME list, writes only under `<uid>/`). */
export const FIXTURE_SQL = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('${MEDIA}', '${MEDIA}', true, ${LIMIT}, array['image/jpeg','image/png','image/webp','video/mp4','video/quicktime']),
  ('test-private', 'test-private', false, null, null),
  ('test-gallery', 'test-gallery', true, null, array['image/*']);
create policy "test: users add files under their own folder" on storage.objects for insert to authenticated
  with check (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "test: users see their own files" on storage.objects for select to authenticated
  using (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "test: users replace their own files" on storage.objects for update to authenticated
  using (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "test: users delete their own files" on storage.objects for delete to authenticated
  using (bucket_id in ('${MEDIA}', 'test-private', 'test-gallery') and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

export interface User {
  id: string;
  client: TestClient;
  token: string;
}

export function accessToken(s: TestStack, sub: string, opts: { secret?: string; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      aud: 'authenticated',
      exp: opts.exp ?? now + 3600,
      iat: now,
      sub,
      email: `${sub.slice(0, 8)}@example.com`,
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      aal: 'aal1',
      session_id: randomUUID(),
      is_anonymous: false,
    },
    opts.secret ?? s.config.jwtSecret,
  );
}

/** A real supabase-js client carrying a user's access token (as GoTrue would issue it). */
export function clientWithToken(s: TestStack, token: string) {
  return createClient<Database>(s.url, s.config.anonKey, {
    accessToken: async () => token,
    global: { fetch: s.fetch },
  });
}

export async function newUser(s: TestStack): Promise<User> {
  const id = randomUUID();
  await s.db.query(`insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`, [id, `${id.slice(0, 8)}@example.com`]);
  const token = accessToken(s, id);
  return { id, token, client: clientWithToken(s, token) };
}

export const png = (n = 32, fill = 7) => new Uint8Array(n).fill(fill);
export const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

export async function objectRows(s: TestStack, bucket: string, name: string) {
  return (
    await s.db.query<{ id: string; owner: string; metadata: Record<string, unknown> }>('select id, owner, metadata from storage.objects where bucket_id = $1 and name = $2', [
      bucket,
      name,
    ])
  ).rows;
}
