/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Rewards (docs/pages.md#rewards): the example loyalty card (a member's own, signed in: <kyb-rewards-card>), four tiers, three steps, three member benefits. */
import { REWARDS_TIER_PERKS, REWARDS_TIERS, rewardsTierRange } from '../../shared/catalog.ts';
import { BookLink, Feature, Hero, Section } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { CARD_RULE_TEXT, EXAMPLE_CARD_TEXT, MEMBER_BENEFITS, REWARDS_STEPS } from '../content/rewards.ts';
import { LoyaltyCardImage, Steps } from './sections.tsx';

export function Rewards() {
  return (
    <>
      <Hero
        tone="clay"
        eyebrow="KYB Rewards"
        title="Every visit brings you closer to your crown"
        lead="Our rewards card fills itself: a punch is added automatically after each completed service."
        actions={<BookLink variant="gold">Book Your Next Visit</BookLink>}
      />

      <Section id="card" title="Your rewards card" center>
        {/* Signed in, the member's own card replaces the example in place (docs/rewards.md#what-the-member-sees). */}
        <kyb-rewards-card detail="card">
          <div class="split split--media">
            <LoyaltyCardImage class="loyalty-card" />
            <div class="prose">
              <p>{CARD_RULE_TEXT}</p>
              <p>In the example card, {EXAMPLE_CARD_TEXT}. Punches are earned automatically after each completed service, so there is nothing to carry or stamp.</p>
            </div>
          </div>
        </kyb-rewards-card>
      </Section>

      <Section id="tiers" tone="sand" title="Four tiers, one family" center>
        <ol class="tier-grid">
          {REWARDS_TIERS.map((t, i) => (
            <li class={`tier tier--${i + 1}`}>
              <span class="tier__icon">
                <Icon name={i === REWARDS_TIERS.length - 1 ? 'crown' : 'star'} />
              </span>
              <h3>{t.name}</h3>
              <p class="tier__range">{rewardsTierRange(t)}</p>
              <p>{REWARDS_TIER_PERKS[t.name]}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="how-it-works" title="How it works" center>
        <Steps steps={REWARDS_STEPS} />
      </Section>

      <Section id="benefits" tone="cream" title="Member benefits" center>
        <div class="grid grid--3">
          {MEMBER_BENEFITS.map((b) => (
            <Feature icon={b.icon} title={b.title}>
              <p>{b.text}</p>
            </Feature>
          ))}
        </div>
      </Section>
    </>
  );
}
