/** @jsxRuntime automatic @jsxImportSource preact */
/** /privacy and /cookies: placeholders saying the content will be added (docs/pages.md#privacy-and-cookies). */
import { BUSINESS } from '../../shared/business.ts';
import { Section } from '../components/ui.tsx';

function Placeholder({ title, topic }: { title: string; topic: string }) {
  return (
    <Section id="legal" class="section--page">
      <div class="container--narrow prose">
        <h1 id="page-title" class="page-title">
          {title}
        </h1>
        <p class="lead">Our {topic} will be added here soon.</p>
        <p>
          Until then, if you have a question about {topic === 'privacy policy' ? 'how we handle your personal data' : 'cookies on this site'}, e-mail{' '}
          <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> and we will answer.
        </p>
      </div>
    </Section>
  );
}

export const Privacy = () => <Placeholder title="Privacy Policy" topic="privacy policy" />;
export const Cookies = () => <Placeholder title="Cookie Policy" topic="cookie policy" />;
