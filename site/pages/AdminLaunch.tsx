/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** The DIY Trinity Kit's launch switch (issue #29, item 2): <kyb-kit-launch>; not indexed, not in the site navigation. */
import { AdminNav } from '../components/AdminNav.tsx';
import { Fallback, Section } from '../components/ui.tsx';

export function AdminLaunch() {
  return (
    <Section id="admin" class="section--page">
      <h1 id="page-title" class="page-title">
        Kit Launch
      </h1>
      <AdminNav current="/admin/launch" />
      <kyb-kit-launch>
        <Fallback class="card card--padded">
          <p>The launch switch needs JavaScript and an administrator's session.</p>
        </Fallback>
      </kyb-kit-launch>
    </Section>
  );
}
