/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The admin pages' own navigation (issues #10, #21, #22, #31): Orders, Kit Launch, Inbox, Rewards, Review
 * Moderation, Gallery Administration, Embed Builder, the current page marked. The Orders, Inbox and Rewards
 * links carry <kyb-inbox-count>, which shows a signed-in admin how many orders need action, how many items
 * are new and how many rewards were issued since they last looked (and nothing to anyone else). Paths and labels come from admin-pages.ts, as the admin routes' do (not from routes.ts,
 * which imports the admin pages: a cycle).
 */
import { ADMIN_PAGES, ADMIN_PATHS, type AdminPath } from '../admin-pages.ts';

export function AdminNav({ current }: { current: AdminPath }) {
  return (
    <nav class="admin-nav" aria-label="Administration">
      <ul>
        {ADMIN_PATHS.map((path) => {
          return (
            <li key={path}>
              <a href={path} aria-current={path === current ? 'page' : undefined}>
                {ADMIN_PAGES[path].title}
                {path === '/admin/inbox' ? (
                  <kyb-inbox-count />
                ) : path === '/admin/orders' ? (
                  <kyb-inbox-count of="orders" />
                ) : path === '/admin/rewards' ? (
                  <kyb-inbox-count of="rewards" />
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
