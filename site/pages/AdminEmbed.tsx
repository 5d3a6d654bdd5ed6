/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The embed builder and the /links click counts (issue #22; docs/admin.md#embed-builder): <kyb-embed-builder>; not indexed. */
import { AdminNav } from '../components/AdminNav.tsx';
import { Fallback, Section } from '../components/ui.tsx';

export function AdminEmbed() {
  return (
    <Section id="admin" class="section--page">
      <h1 id="page-title" class="page-title">
        Embed Builder
      </h1>
      <AdminNav current="/admin/embed" />
      <p class="lead">
        Put the reviews, the newsletter, the waiting list or the partnership form on another site: choose one, give it your look, check it at phone and desktop width, then copy the
        code the other site takes. Further down, how often the links of your link-in-bio page are followed.
      </p>
      <kyb-embed-builder>
        <Fallback class="card card--padded">
          <p>The embed builder needs JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-embed-builder>
    </Section>
  );
}
