/** @jsxRuntime automatic @jsxImportSource preact */
/**
 * The admin pages' own navigation (issue #10): Inbox, Review Moderation, Gallery Administration, Embed
 * Builder (issue #22), the current page marked. The Inbox link carries <kyb-inbox-count>, which shows how many items are new to
 * a signed-in admin (and nothing to anyone else). Labels come from the route table.
 */
import { navLink } from '../routes.ts';

export const ADMIN_PATHS = ['/admin/inbox', '/admin/reviews', '/admin/gallery', '/admin/embed'] as const;
export type AdminPath = (typeof ADMIN_PATHS)[number];

export function AdminNav({ current }: { current: AdminPath }) {
  return (
    <nav class="admin-nav" aria-label="Administration">
      <ul>
        {ADMIN_PATHS.map((path) => {
          const { href, label } = navLink(path);
          return (
            <li key={path}>
              <a href={href} aria-current={path === current ? 'page' : undefined}>
                {label}
                {path === '/admin/inbox' ? <kyb-inbox-count /> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
