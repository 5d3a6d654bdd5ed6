/**
 * A card's history, newest first (docs/rewards.md#punches): one line per row of `punches`, in the words
 * of REWARDS_MESSAGES.history. A punch taken back says so, and why; a correction by the studio carries its
 * reason. Drawn by kyb-rewards-card (the member's own) and kyb-admin-rewards (any member's).
 */
import { REWARDS_MESSAGES } from '../core/domain.ts';
import { dateFormat, when } from '../core/dates.ts';
import type { Booking, Punch } from './data.ts';

const DAY = dateFormat({ dateStyle: 'medium' });
const day = (iso: string) => DAY(new Date(iso));

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
              {booking ? (
                <span className="rh__detail">
                  {booking.appointment_type || 'Appointment'}, {day(booking.starts_at)}
                </span>
              ) : null}
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
