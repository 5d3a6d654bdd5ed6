/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Review moderation: <kyb-review-moderation>; not indexed, not in the navigation. */
import { AdminNav } from '../components/AdminNav.tsx';
import { Fallback, Section } from '../components/ui.tsx';

export function AdminReviews() {
  return (
    <Section id="admin" class="section--page">
      <h1 id="page-title" class="page-title">
        Review Moderation
      </h1>
      <AdminNav current="/admin/reviews" />
      <p class="lead">Customer reviews are listed on the product pages only once they are approved. Approve, reply publicly or delete them here.</p>
      <kyb-review-moderation>
        <Fallback class="card card--padded">
          <p>Review moderation needs JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-review-moderation>
    </Section>
  );
}
