/**
 * A card's history, newest first (docs/rewards.md#punches): one line per row of `punches`, in the words
 * of REWARDS_MESSAGES.history. A punch taken back says so, and why; a correction by the studio carries its
 * reason. Drawn by kyb-rewards-card (the member's own) and kyb-admin-rewards (any member's).
 */
import { REWARDS_MESSAGES } from '../core/domain.ts';
import { when } from '../core/dates.ts';
import type { Booking, Punch } from './data.ts';

/**
 * The appointment a row is about, and its day when that is not the row's own day: a visit is punched the
 * day it ends, so its line read the same day twice ("Loc Retwist, Oct 27, 2026" beside "Oct 27, 2026");
 * a punch taken back days later still names the day the appointment was.
 */
function appointment(booking: Booking, punchedAt: string) {
  const type = booking.appointment_type || 'Appointment';
  const day = when(booking.starts_at, true);
  return day === when(punchedAt, true) ? type : `${type}, ${day}`;
}

export function History({ punches, bookings, empty }: { punches: readonly Punch[]; bookings: ReadonlyMap<number, Booking>; empty: string }) {
  if (punches.length === 0)
    return (
      <p className="rh__empty" part="history-empty">
        {empty}
      </p>
    );
  return (
    <ol className="rh" part="history">
      {punches.map((p) => {
        const booking = p.booking_id === null ? undefined : bookings.get(p.booking_id);
        const label = REWARDS_MESSAGES.history[p.reason as keyof typeof REWARDS_MESSAGES.history] ?? p.reason;
        return (
          <li key={p.id} className={`rh__row ${p.change < 0 ? 'rh__row--back' : ''}`} part="history-row" data-reason={p.reason}>
            <span className="rh__change">{p.change > 0 ? '+1' : '−1'}</span>
            <span className="rh__what">
              <span className="rh__label">{label}</span>
              {booking ? <span className="rh__detail">{appointment(booking, p.created_at)}</span> : null}
              {p.note ? <span className="rh__detail">“{p.note}”</span> : null}
            </span>
            <time className="rh__when" dateTime={p.created_at}>
              {when(p.created_at, true)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
