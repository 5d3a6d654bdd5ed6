/** @jsxImportSource preact */
/**
 * The admin pages' own navigation (issues #10, #21, #22): Orders, Inbox, Review Moderation, Gallery
 * Administration, Embed Builder, the current page marked. The Orders and Inbox links carry <kyb-inbox-count>,
 * which shows a signed-in admin how many orders need action and how many items are new (and nothing to
 * anyone else). Labels come from the route table.
 */
import { navLink } from '../routes.ts';

export const ADMIN_PATHS = ['/admin/orders', '/admin/inbox', '/admin/reviews', '/admin/gallery', '/admin/embed'] as const;
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
                {path === '/admin/inbox' ? <kyb-inbox-count /> : path === '/admin/orders' ? <kyb-inbox-count of="orders" /> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
