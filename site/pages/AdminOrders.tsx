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
      <p class="lead">
        Every order, newest first. Open one to see what was bought and paid, and to take its next step: production, ready (asking for the balance where one is due), shipped with
        its tracking number, delivered. The Crown Planner's files are under Planner files.
      </p>
      <kyb-admin-orders>
        <Fallback class="card card--padded">
          <p>The orders need JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-admin-orders>
    </Section>
  );
}
