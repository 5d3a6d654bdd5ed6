/**
 * kyb-rewards-card (issue #31, item 4; docs/rewards.md#what-the-member-sees): the signed-in member's own
 * rewards card. Signed out (and until the session is known) it shows its light DOM: /rewards' static
 * example card, /account's note. Signed in it reads the member's punches, bookings and codes
 * (./data.ts) and shows the card filling (the one drawing, ui/rewards/LoyaltyCard.tsx), the tier and what
 * it means, the next reward and the visits that remain, the codes to use (Copy, "use it at checkout"),
 * and with `detail="full"` (My Account) the upcoming appointments with Acuity's own page to reschedule
 * or cancel, and the history of visits.
 */
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../core/auth.ts';
import { getSupabase } from '../core/supabase.ts';
import { siteUrl } from '../core/site.ts';
import { dateFormat } from '../core/dates.ts';
import { BUSINESS, markerReward, REWARDS_MESSAGES, REWARDS_TIER_PERKS, rewardsNext, rewardsTierFor, rewardsTierRange } from '../core/domain.ts';
import { LoyaltyCard, loyaltyCardWords } from '../../ui/rewards/LoyaltyCard.tsx';
import { History } from './History.tsx';
import { loadRewards, type RewardCode, type Rewards, usable } from './data.ts';

export interface RewardsCardProps {
  /** `full` (My Account): also the upcoming appointments and the history; `card` (/rewards): the card and its codes. */
  detail?: string;
}

const APPOINTMENT = dateFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const DAY = dateFormat({ dateStyle: 'medium' });
/** How long "Copied ✓" stays on the button before it reads Copy again. */
const COPIED_MS = 2000;

const visitsWord = (n: number) => `${n} ${n === 1 ? 'visit' : 'visits'}`;

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; rewards: Rewards };

export function RewardsCard({ detail }: RewardsCardProps) {
  const full = detail !== 'card';
  const { initializing, user } = useAuth();
  const email = user?.email ?? null;
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!email) return;
    let live = true;
    setLoad({ state: 'loading' });
    (async () => {
      try {
        const rewards = await loadRewards(await getSupabase(), email);
        if (live) setLoad({ state: 'ready', rewards });
      } catch (e) {
        console.error('[kyb] rewards load failed', e);
        if (live) setLoad({ state: 'error' });
      }
    })();
    return () => {
      live = false;
    };
  }, [email]);

  if (initializing || !user) return <slot></slot>;
  if (load.state === 'loading')
    return (
      <div className="rc kyb-card" part="card" aria-busy="true">
        <p className="rc__loading" part="loading" role="status">
          Loading your rewards...
        </p>
      </div>
    );
  if (load.state === 'error')
    return (
      <div className="rc kyb-card" part="card">
        <p className="rc__error" part="error" role="alert">
          {REWARDS_MESSAGES.loadFailed}
        </p>
      </div>
    );

  const { visits, punches, bookings, upcoming, codes } = load.rewards;
  // A code already issued is not promised again (a punch taken back keeps its code).
  const issuedThrough = Math.max(0, ...codes.map((c) => c.earned_at_visit));
  const words = loyaltyCardWords(visits, issuedThrough);
  const tier = rewardsTierFor(visits);
  const next = rewardsNext(visits, issuedThrough);
  const ready = codes.filter(usable);
  const used = codes.filter((c) => c.status === 'used');
  return (
    <div className="rc kyb-card" part="card" data-visits={visits}>
      <div className="rc__top">
        <LoyaltyCard {...words} className="rc__graphic" />
        <div className="rc__summary">
          {/* On /rewards (detail="card") the page's own section is titled so already. */}
          {full && <h2 className="rc__title">Your rewards card</h2>}
          {tier ? (
            <p className="rc__tier" part="tier">
              <span className="rc__tier-name">{tier.name}</span>
              <span className="rc__muted">
                : {visitsWord(visits)} ({rewardsTierRange(tier)})
              </span>
              <span className="rc__perk">{REWARDS_TIER_PERKS[tier.name]}</span>
            </p>
          ) : (
            <p className="rc__tier" part="tier">
              No visits yet. Your first completed service punches your card and makes you a New Friend.
            </p>
          )}
          <p className="rc__next" part="next">
            <strong>
              {next.visitsToGo} more {next.visitsToGo === 1 ? 'visit' : 'visits'}
            </strong>{' '}
            to your next reward: {markerReward(next.marker)}.
          </p>
        </div>
      </div>

      {ready.length ? (
        <section className="rc__section" aria-labelledby="rc-codes">
          <h3 id="rc-codes" className="rc__heading">
            {ready.length === 1 ? 'Your reward is ready' : 'Your rewards are ready'}
          </h3>
          <ul className="rc__codes">
            {ready.map((c) => (
              <CodeRow key={c.id} code={c} />
            ))}
          </ul>
        </section>
      ) : null}
      {used.length ? (
        <ul className="rc__used" part="used">
          {used.map((c) => (
            <li key={c.id}>
              <code>{c.code}</code> {c.percent_off}% off: used{c.used_at ? ` on ${DAY(new Date(c.used_at))}` : ''}
            </li>
          ))}
        </ul>
      ) : null}

      {full ? (
        <>
          <section className="rc__section" aria-labelledby="rc-upcoming">
            <h3 id="rc-upcoming" className="rc__heading">
              Upcoming appointments
            </h3>
            {upcoming.length ? (
              <ul className="rc__list" part="upcoming">
                {upcoming.map((b) => (
                  <li key={b.acuity_id} className="rc__appointment">
                    <span>
                      <strong>{b.appointment_type || 'Appointment'}</strong>, {APPOINTMENT(new Date(b.starts_at))}
                    </span>
                    {b.confirmation_page ? (
                      <a className="rc__link" part="manage" href={b.confirmation_page} target="_blank" rel="noopener">
                        Reschedule or cancel
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="rc__muted" part="upcoming-empty">
                Nothing booked.{' '}
                <a className="rc__link" href={BUSINESS.bookingUrl} target="_blank" rel="noopener">
                  Book your next visit
                </a>
              </p>
            )}
          </section>
          <section className="rc__section" aria-labelledby="rc-history">
            <h3 id="rc-history" className="rc__heading">
              Your visits
            </h3>
            <History punches={punches} bookings={bookings} empty="Your completed services show here, one punch each." />
          </section>
        </>
      ) : (
        <p className="rc__more">
          <a className="rc__link" href={siteUrl('/account')}>
            Your visits and appointments are on My Account
          </a>
        </p>
      )}
    </div>
  );
}

/** One code to use: the code itself, Copy (the button says "Copied ✓" a moment), and where to use it. */
function CodeRow({ code }: { code: RewardCode }) {
  const [copied, setCopied] = useState(false);
  const text = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code.code);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): select the code, so the visitor copies it by hand.
      const node = text.current;
      const sel = node?.ownerDocument.defaultView?.getSelection();
      if (node && sel) sel.selectAllChildren(node);
    }
  }
  return (
    <li className="rc__code" part="code" data-status={code.status}>
      <span className="rc__code-what">
        <strong>{code.percent_off}% off</strong> <span className="rc__muted">earned at visit {code.earned_at_visit}</span>
      </span>
      <code ref={text} className="rc__code-text" part="code-text">
        {code.code}
      </code>
      <span className="rc__code-actions">
        <button type="button" className="kyb-btn kyb-btn--outline rc__copy" part="button copy" data-copied={copied ? '' : undefined} onClick={() => void copy()} aria-live="polite">
          {copied ? 'Copied ✓' : 'Copy'}
        </button>
        <span className="rc__muted">
          or{' '}
          <a className="rc__link" part="checkout" href={siteUrl('/cart')}>
            use it at checkout
          </a>
        </span>
      </span>
    </li>
  );
}
