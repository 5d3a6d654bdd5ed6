/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Beta page (/beta and /digital-tools/beta, docs/tools.md#beta-area): the programme and the password gate
 * (<kyb-beta-gate>). The tools it unlocks are listed on /beta-tester.
 */
import { Fallback, Feature, Hero, Section } from '../components/ui.tsx';
import { BETA_TOOLS } from '../content/tools.ts';
import { mailto } from './sections.tsx';

export function Beta() {
  return (
    <>
      <Hero
        tone="night"
        eyebrow="Beta Program"
        title="Help build the future of hair care"
        lead="Beta testers use our newest digital tools first and tell us what to build next. Enter the tester password to continue, or request access."
        compact
      />
      <Section id="gate" title="Beta access" center>
        <div class="container--narrow">
          <kyb-beta-gate>
            <Fallback class="card card--padded">
              <p>The beta area is for invited testers. Testers receive the password by e-mail.</p>
              <p>
                Would you like to test? <a href={mailto('Beta access request')}>E-mail us your name, your role and why you would like to join</a>.
              </p>
            </Fallback>
          </kyb-beta-gate>
        </div>
      </Section>
      <Section id="coming" tone="sand" title="What testers are shaping" center>
        <div class="grid grid--5">
          {BETA_TOOLS.map((t) => (
            <Feature icon={t.icon} title={t.title}>
              <p>{t.text}</p>
            </Feature>
          ))}
        </div>
      </Section>
    </>
  );
}
