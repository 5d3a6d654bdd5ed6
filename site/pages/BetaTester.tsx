/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * Beta Access Tools (/beta-tester, docs/tools.md#beta-access-tools): the Crown Planner, five Coming Soon tools, feedback by
 * e-mail and the chat community. Reached after the access modal; the tools sit inside the password
 * gate, which shows them once unlocked.
 */
import { BUSINESS } from '../../shared/business.ts';
import { Badge, ButtonLink, ExtLink, Hero, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { PLANNER } from '../content/planner.ts';
import { BETA_TOOLS } from '../content/tools.ts';
import { mailto } from './sections.tsx';

export function BetaTools() {
  return (
    <div class="beta-tools">
      <ul class="tool-grid">
        <li class="tool tool--live">
          <span class="tool__icon">
            <Icon name="crown" />
          </span>
          <h3>Crown Planner</h3>
          <p>Plan protective styles with {PLANNER.templates} templates.</p>
          <ButtonLink href="/digital-tools/crown-planner">Open</ButtonLink>
        </li>
        {BETA_TOOLS.map((t) => (
          <li class="tool">
            <span class="tool__icon">
              <Icon name={t.icon} />
            </span>
            <h3>{t.title}</h3>
            <p>{t.text}</p>
            <Badge tone="sage">Coming Soon</Badge>
            <button type="button" class="btn btn--outline" disabled>
              Coming Soon
            </button>
          </li>
        ))}
      </ul>
      <div class="grid grid--2 beta-feedback">
        <div class="notice">
          <Icon name="mail" />
          <p>
            <strong>Feedback</strong> What works, what does not, what you wish existed: <a href={mailto('Beta feedback')}>e-mail your feedback</a>.
          </p>
        </div>
        <div class="notice">
          <Icon name="users" />
          <p>
            <strong>Tester community</strong> Chat with other testers and the team: <ExtLink href={BUSINESS.chatCommunityUrl}>join the community chat</ExtLink>.
          </p>
        </div>
      </div>
    </div>
  );
}

export function BetaTester() {
  return (
    <>
      <Hero tone="night" eyebrow="Beta testers" title="Beta Access Tools" lead="Thank you for testing with us. Here is everything available to testers today." compact />
      <Section id="tools" title="Your tools" center>
        <kyb-beta-gate mode="tools">
          <BetaTools />
        </kyb-beta-gate>
      </Section>
    </>
  );
}
