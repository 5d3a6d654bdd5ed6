/**
 * <kyb-admin-rewards>: the rewards cards, for the business (issue #31, item 5; docs/admin.md#rewards).
 *
 * States: loading → not signed in / not an admin (the shared gate) → the rewards: the new rewards issued
 * (codes the admin has not marked seen: the admin nav counts them) with **Mark as seen**; every member
 * with punches, by visits, with their tier; **History** opens a member's card: every punch, a punch
 * taken back saying why, and a correction form (add a punch or take one back, with a reason). The
 * correction goes through the admin-rewards function (rewards_adjust: the row keeps the admin and the
 * reason; nothing is deleted); what it did, or why it was refused (shared/messages.ts), is said in place.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { AdminGate, type AdminPanelProps, useAdminCall } from '../core/admin-gate.tsx';
import { Email } from '../core/email.tsx';
import { emit } from '../core/events.ts';
import { invokeFunction } from '../core/functions.ts';
import { when } from '../core/dates.ts';
import { REWARDS_MESSAGES as M, REWARDS_REASON_MAX, type RewardsAdjustResult, rewardsTierFor } from '../core/domain.ts';
import { History } from '../rewards-card/History.tsx';
import { loadRewards, type RewardCode, type Rewards } from '../rewards-card/data.ts';
import { loadOverview, type Overview } from './data.ts';

export interface AdminRewardsProps {
  container?: unknown;
}

export function AdminRewards({ container }: AdminRewardsProps) {
  return <AdminGate container={container} prefix="ar" denied="Your account does not have access to the rewards cards." Panel={Panel} />;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; overview: Overview };

function Panel({ host }: AdminPanelProps) {
  const call = useAdminCall();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const read = useCallback(async () => {
    const r = await call(async (c) => ({ ok: true, value: await loadOverview(c) }));
    setLoad(r.ok ? { state: 'ready', overview: r.value } : { state: 'failed' });
  }, [call]);
  useEffect(() => {
    void read();
  }, [read]);

  const changed = (action: 'adjust' | 'seen', email: string | null) => {
    emit(host() ?? document, 'kyb-rewards-change', { action, email });
    void read();
  };

  if (load.state === 'loading')
    return (
      <p className="ar__loading" role="status" part="loading">
        Loading…
      </p>
    );
  if (load.state === 'failed')
    return (
      <div className="ar__card kyb-card" part="error">
        <p role="alert">{M.loadFailed}</p>
        <button type="button" className="kyb-btn" part="retry" onClick={() => void read()}>
          Try again
        </button>
      </div>
    );

  const { members, fresh } = load.overview;
  async function markSeen() {
    setBusy(true);
    const r = await invokeFunction<RewardsAdjustResult>('admin-rewards', { seen: true });
    setBusy(false);
    setStatus(r.ok ? M.seen : (r.message ?? M.saveFailed));
    if (r.ok) changed('seen', null);
  }
  return (
    <div className="ar__panel">
      <section className="ar__card kyb-card" aria-labelledby="ar-new" part="new">
        <h2 className="ar__heading" id="ar-new">
          New rewards <span className="ar__count">{fresh.length}</span>
        </h2>
        {fresh.length ? (
          <>
            <ul className="ar__fresh">
              {fresh.map((c) => (
                <li key={c.id} part="new-reward" data-code={c.code}>
                  <strong>{c.percent_off}% off</strong> for <Email address={c.email} />{' '}
                  <span className="ar__muted">
                    (visit {c.earned_at_visit}, issued {when(c.issued_at, true)})
                  </span>
                  <code className="ar__code">{c.code}</code>
                </li>
              ))}
            </ul>
            <button type="button" className="kyb-btn kyb-btn--outline" part="seen" disabled={busy} onClick={() => void markSeen()}>
              Mark as seen
            </button>
          </>
        ) : (
          <p className="ar__muted">No new rewards since you last looked.</p>
        )}
        <p className="ar__status" role="status" part="status">
          {status}
        </p>
      </section>

      <section className="ar__card kyb-card" aria-labelledby="ar-members">
        <h2 className="ar__heading" id="ar-members">
          Members by visits
        </h2>
        {members.length ? (
          <ul className="ar__members" part="members">
            {members.map((m) => {
              const tier = rewardsTierFor(m.visits);
              const isOpen = open === m.email;
              return (
                <li key={m.email} className="ar__member" part="member" data-email={m.email} data-visits={m.visits}>
                  <div className="ar__member-row">
                    <span className="ar__who">
                      <strong>{m.first_name ?? <Email address={m.email} />}</strong>
                      {m.first_name ? (
                        <span className="ar__muted ar__email">
                          <Email address={m.email} />
                        </span>
                      ) : null}
                    </span>
                    <span className="ar__visits">
                      {m.visits} {m.visits === 1 ? 'visit' : 'visits'}
                      <span className="ar__muted">, {tier?.name ?? 'no tier yet'}</span>
                    </span>
                    <button
                      type="button"
                      className="kyb-btn kyb-btn--outline ar__toggle"
                      part="history-toggle"
                      aria-expanded={isOpen}
                      onClick={() => setOpen(isOpen ? null : m.email)}
                    >
                      {isOpen ? 'Close' : 'History'}
                    </button>
                  </div>
                  {isOpen ? <MemberCard email={m.email} onChanged={() => changed('adjust', m.email)} /> : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="ar__muted">No member has a punch yet. Visits appear here once a booking on Acuity has happened.</p>
        )}
      </section>
    </div>
  );
}

/** A member's codes, newest first, each with where it stands: not used yet, used, or given back by a refund. */
function Codes({ codes }: { codes: readonly RewardCode[] }) {
  const state = (c: RewardCode) =>
    c.status === 'used' && c.used_at
      ? M.codeState.used(when(c.used_at, true))
      : c.status === 'returned' && c.returned_at
        ? M.codeState.returned(when(c.returned_at, true))
        : M.codeState.issued;
  return (
    <div className="ar__codes" part="codes">
      <h3 className="ar__subheading">Reward codes</h3>
      {codes.length ? (
        <ul className="ar__fresh">
          {codes.map((c) => (
            <li key={c.id} part="member-code" data-code={c.code} data-status={c.status}>
              <span>
                <strong>{c.percent_off}% off</strong> <span className="ar__muted">(visit {c.earned_at_visit})</span>: {state(c)}
              </span>
              <code className="ar__code">{c.code}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ar__muted">{M.codesEmpty}</p>
      )}
    </div>
  );
}

/** One member's card: the history, the codes and the correction form. */
function MemberCard({ email, onChanged }: { email: string; onChanged: () => void }) {
  const call = useAdminCall();
  const [rewards, setRewards] = useState<Rewards | null | 'failed'>(null);
  const [change, setChange] = useState<1 | -1>(1);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const errorId = useId();

  const read = useCallback(async () => {
    const r = await call(async (c) => ({ ok: true, value: await loadRewards(c, email) }));
    setRewards(r.ok ? r.value : 'failed');
  }, [call, email]);
  useEffect(() => {
    void read();
  }, [read]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setError(M.reasonRequired);
      return;
    }
    setError('');
    setBusy(true);
    const r = await invokeFunction<RewardsAdjustResult>('admin-rewards', { email, change, reason: reason.trim() });
    setBusy(false);
    if (!r.ok) {
      if (r.field === 'reason') setError(r.message ?? M.saveFailed);
      else setStatus(r.message ?? M.saveFailed);
      return;
    }
    setReason('');
    setStatus('visits' in r.data ? M.adjusted(r.data.visits) : M.seen);
    void read();
    onChanged();
  }

  return (
    <div className="ar__detail" part="member-card">
      {rewards === null ? (
        <p className="ar__muted" role="status">
          Loading…
        </p>
      ) : rewards === 'failed' ? (
        <p role="alert">{M.loadFailed}</p>
      ) : (
        <>
          <History punches={rewards.punches} bookings={rewards.bookings} empty="No punches yet." />
          <Codes codes={rewards.codes} />
        </>
      )}
      <form className="ar__form" part="adjust" noValidate onSubmit={(e) => void save(e)}>
        <fieldset className="ar__choice">
          <legend>Correct this card</legend>
          <label>
            <input type="radio" name={`change-${email}`} value="1" checked={change === 1} onChange={() => setChange(1)} /> Add a punch
          </label>
          <label>
            <input type="radio" name={`change-${email}`} value="-1" checked={change === -1} onChange={() => setChange(-1)} /> Take one back
          </label>
        </fieldset>
        <label className="kyb-label" htmlFor={reasonId}>
          Reason
        </label>
        <input
          id={reasonId}
          className="kyb-input"
          name="reason"
          maxLength={REWARDS_REASON_MAX}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="Walk-in visit, not booked on Acuity"
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {error ? (
          <p className="kyb-error" id={errorId} part="error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="kyb-btn" part="save" disabled={busy}>
          {busy ? 'Saving…' : 'Save correction'}
        </button>
        <p className="ar__status" role="status" part="adjust-status">
          {status}
        </p>
      </form>
    </div>
  );
}
