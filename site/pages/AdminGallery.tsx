/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Gallery admin (docs/admin.md#gallery-admin): <kyb-gallery-admin>; not indexed. */
import { AdminNav } from '../components/AdminNav.tsx';
import { Fallback, Section } from '../components/ui.tsx';

export function AdminGallery() {
  return (
    <Section id="admin" class="section--page">
      <h1 id="page-title" class="page-title">
        Gallery Administration
      </h1>
      <AdminNav current="/admin/gallery" />
      <kyb-gallery-admin>
        <Fallback class="card card--padded">
          <p>The gallery admin needs JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-gallery-admin>
    </Section>
  );
}
