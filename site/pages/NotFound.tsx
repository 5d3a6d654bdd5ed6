/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** 404 (docs/pages.md#not-found): Oops! Page not found, a link home; <kyb-not-found> logs the missing path. */
import { ButtonLink, Section } from '../components/ui.tsx';

export function NotFound() {
  return (
    <Section id="not-found" class="section--page not-found">
      <div class="container--narrow center">
        <p class="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="page-title">Oops! Page not found</h1>
        <p class="lead">The page you were looking for has moved or never existed.</p>
        <p>
          <ButtonLink href="/">Return to Home</ButtonLink>
        </p>
        <p class="small">
          Looking for something specific? Try <a href="/products">Products</a>, <a href="/services">Services</a> or the <a href="/faq">FAQ</a>.
        </p>
        <kyb-not-found></kyb-not-found>
      </div>
    </Section>
  );
}
