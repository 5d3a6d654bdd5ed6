/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * /unsubscribe?token=…: where the unsubscribe link of a newsletter or waiting-list e-mail lands.
 * <kyb-unsubscribe> reads the token from the URL and unsubscribes only when the visitor presses its
 * button (mail scanners open links on their own). Not indexed, not in the sitemap or the navigation.
 */
import { BUSINESS } from '../../shared/business.ts';
import { Fallback, Section } from '../components/ui.tsx';

export function Unsubscribe() {
  return (
    <Section id="unsubscribe" class="section--page">
      <div class="container--narrow">
        <h1 id="page-title" class="page-title">
          Unsubscribe from the Circle
        </h1>
        <p class="lead">This page takes your address off the KYB newsletter or waiting list that the e-mail came from.</p>
        <kyb-unsubscribe>
          <Fallback class="card card--padded">
            <p>
              The Unsubscribe button needs JavaScript. If it does not appear, e-mail us at <a href={`mailto:${BUSINESS.email}?subject=Unsubscribe`}>{BUSINESS.email}</a> and we will
              take you off the list.
            </p>
          </Fallback>
        </kyb-unsubscribe>
      </div>
    </Section>
  );
}
