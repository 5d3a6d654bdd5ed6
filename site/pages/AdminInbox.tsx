/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The admin inbox (issue #10): <kyb-admin-inbox>; not indexed, not in the site navigation. */
import { AdminNav } from '../components/AdminNav.tsx';
import { Fallback, Section } from '../components/ui.tsx';

export function AdminInbox() {
  return (
    <Section id="admin" class="section--page">
      <h1 id="page-title" class="page-title">
        Inbox
      </h1>
      <AdminNav current="/admin/inbox" />
      <p class="lead">
        Partnership inquiries, beta requests, notify-me and Vault opt-ins, merchandise and waiting-list sign-ups and newsletter subscribers, newest first. Open an item to read it
        and mark it handled; export what you see as CSV.
      </p>
      <kyb-admin-inbox>
        <Fallback class="card card--padded">
          <p>The inbox needs JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-admin-inbox>
    </Section>
  );
}
