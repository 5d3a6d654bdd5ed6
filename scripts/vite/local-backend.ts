/**
 * Why: the playground's states read and write real data, so the dev server brings the local stack up
 * with it instead of asking for a second process.
 */
import type { Plugin } from 'vite';

/**
 * Dev server only: start the local stack (in memory, autoconfirmed sign-ups, port 0) and tell the
 * playground where it is through the meta tags every page uses. Also:
 * - `/` redirects to `/playground/` (the dev server's root is widgets/, which has no page of its own:
 *   the address Vite prints used to answer 404), and the playground's address is printed;
 * - `/__kyb/session?as=member|customer|admin` signs the member (signed up on first use), the seeded customer or the seeded admin in
 *   on that stack and answers the session with its storage key, which the playground stores for states that need one
 *   (widgets/playground/stage.ts); credentials stay on the server.
 * `/custom-elements.json` is elementsContract's to serve (elements-contract.ts), in dev as in the build.
 */
export function localBackend(): Plugin {
  let backend: { url: string; anonKey: string; close(): Promise<void> } | null = null;
  return {
    name: 'kyb-local-backend',
    apply: 'serve',
    async configureServer(server) {
      const { serve } = await import('../../supabase/local/server.ts');
      const { ADMIN_CREDENTIALS, CUSTOMER_CREDENTIALS, MEMBER_CREDENTIALS, REWARDS_CREDENTIALS } = await import('../../supabase/local/admin-credentials.ts');
      const { authStorageKey } = await import('../../shared/storage.ts');
      const s = await serve({ port: Number(process.env.KYB_BACKEND_PORT ?? 0), config: { autoconfirm: process.env.AUTH_AUTOCONFIRM !== 'false' } });
      backend = { url: s.url, anonKey: s.stack.config.anonKey, close: s.close };
      server.config.logger.info(`  local backend: ${s.url} (mail inbox ${s.url}/inbox)`);
      server.httpServer?.once('close', () => void backend?.close());
      server.httpServer?.once('listening', () => {
        const local = server.resolvedUrls?.local[0];
        if (local) server.config.logger.info(`  playground:    ${new URL('playground/', local).href}`);
      });
      const auth = (path: string, body: unknown) =>
        fetch(`${s.url}/auth/v1/${path}`, { method: 'POST', headers: { apikey: s.stack.config.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path === '/' || path === '/index.html') {
          res.writeHead(302, { location: '/playground/' }).end();
          return;
        }
        if (path !== '/__kyb/session') return next();
        const as = new URL(req.url ?? '/', 'http://x').searchParams.get('as');
        const who =
          as === 'admin'
            ? ADMIN_CREDENTIALS
            : as === 'member'
              ? MEMBER_CREDENTIALS
              : as === 'customer'
                ? CUSTOMER_CREDENTIALS
                : as && Object.hasOwn(REWARDS_CREDENTIALS, as)
                  ? REWARDS_CREDENTIALS[as as keyof typeof REWARDS_CREDENTIALS]
                  : null;
        if (!who) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('as=member|customer|admin|rewards-mid|rewards-ready|rewards-taken-back');
        void (async () => {
          let r = await auth('token?grant_type=password', who);
          if (!r.ok && who === MEMBER_CREDENTIALS) {
            await auth('signup', who);
            r = await auth('token?grant_type=password', who);
          }
          if (!r.ok) return void res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text());
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ key: authStorageKey(s.url), session: await r.json() }));
        })().catch((e) => res.writeHead(502, { 'content-type': 'text/plain' }).end(String(e)));
      });
    },
    transformIndexHtml(html) {
      if (!backend) return html;
      return html.replace('<!--kyb-backend-->', `<meta name="kyb-supabase-url" content="${backend.url}"><meta name="kyb-supabase-anon-key" content="${backend.anonKey}">`);
    },
  };
}
