/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The orders (issue #21): <kyb-admin-orders>; not indexed, not in the site navigation. */
import { AdminNav } from '../components/AdminNav.tsx';
import { Fallback, Section } from '../components/ui.tsx';

export function AdminOrders() {
  return (
    <Section id="admin" class="section--page">
      <h1 id="page-title" class="page-title">
        Orders
      </h1>
      <AdminNav current="/admin/orders" />
      {/* Short, so the orders start within a phone's first screen (issue #29); docs/admin.md#orders says the rest. */}
      <p class="lead admin-lead">Every order, newest first: open one to take its next step.</p>
      <kyb-admin-orders>
        <Fallback class="card card--padded">
          <p>The orders need JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-admin-orders>
    </Section>
  );
}
