/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The rewards cards (issue #31, item 5; docs/admin.md#rewards): <kyb-admin-rewards>; not indexed. */
import { AdminNav } from '../components/AdminNav.tsx';
import { Fallback, Section } from '../components/ui.tsx';

export function AdminRewards() {
  return (
    <Section id="admin" class="section--page">
      <h1 id="page-title" class="page-title">
        Rewards
      </h1>
      <AdminNav current="/admin/rewards" />
      <p class="lead">
        The rewards cards: the new rewards your clients earned, every member by visits and tier, and each member's history of punches. Add a punch or take one back with a reason;
        the card keeps who made each correction.
      </p>
      <kyb-admin-rewards>
        <Fallback class="card card--padded">
          <p>The rewards cards need JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-admin-rewards>
    </Section>
  );
}
