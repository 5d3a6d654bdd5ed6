/**
 * The one drawing of the rewards card (docs/rewards.md#the-card-and-its-rewards): /rewards' and
 * /services' static example (the site renders it at build time, site/pages/sections.tsx) and a member's
 * own card in kyb-rewards-card. Its slots and markers come from REWARDS_CARD (shared/catalog.ts); the
 * caller says how many are punched and the line beneath.
 *
 * One geometry at every width: two rows of five, drawn at 300 units wide, so that at a 320 px phone's
 * 288 px column every word is still 12 px or more (issue #8; tests/unit/site-content.test.ts). Colours
 * are presentation attributes, not styles: the page's CSP allows no inline style.
 */
import { markerReward, markerVisits, REWARDS_CARD, rewardsCardPunches, rewardsNext } from '../../shared/catalog.ts';

const GOLD = '#c9a227';
const PALE_GOLD = '#f0d88f';
const CREAM = '#e9dccb';
const INK = '#2b2118';
const SANS = 'system-ui,Arial,sans-serif';
const SERIF = "'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif";
const W = 300;
const H = 306;

function Crown({ x, y, scale, fill, jewel }: { x: number; y: number; scale: number; fill: string; jewel: string }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M2 30 L6 8 L16 18 L24 2 L32 18 L42 8 L46 30 Z" fill={fill} />
      <rect x="2" y="33" width="44" height="6" rx="3" fill={fill} />
      <circle cx="24" cy="2" r="3.5" fill={jewel} />
      <circle cx="6" cy="8" r="3" fill={jewel} />
      <circle cx="42" cy="8" r="3" fill={jewel} />
    </g>
  );
}

function Slot({ n, punched }: { n: number; punched: boolean }) {
  const cx = 38 + ((n - 1) % 5) * 56;
  const cy = n <= 5 ? 166 : 222;
  if (punched)
    return (
      <g data-slot={n} data-punched="">
        <circle cx={cx} cy={cy} r="21" fill={GOLD} />
        <Crown x={cx - 12} y={cy - 11} scale={0.5} fill={INK} jewel={INK} />
      </g>
    );
  const marker = REWARDS_CARD.markers.find((m) => m.visit === n);
  return (
    <g data-slot={n}>
      {marker ? (
        <circle cx={cx} cy={cy} r="21" fill="none" stroke={GOLD} strokeWidth="2" />
      ) : (
        <circle cx={cx} cy={cy} r="21" fill="none" stroke={CREAM} strokeOpacity="0.6" strokeWidth="2" strokeDasharray="5 5" />
      )}
      <text x={cx} y={cy + 5} textAnchor="middle" fontFamily={SANS} fontSize="14" fontWeight="600" fill={marker ? PALE_GOLD : CREAM}>
        {marker ? `${marker.percentOff}%` : String(n)}
      </text>
    </g>
  );
}

export interface LoyaltyCardProps {
  /** The current card's punched slots (shared/catalog.ts rewardsCardPunches), 0 to REWARDS_CARD.slots. */
  punches: number;
  /** The line beneath the slots ("2 of 10 · 3 visits to 10% off"). */
  caption: string;
  /** What the card says to a screen reader (its title). */
  label: string;
  className?: string;
}

export function LoyaltyCard({ punches, caption, label, className }: LoyaltyCardProps) {
  const slots = Array.from({ length: REWARDS_CARD.slots }, (_, i) => i + 1);
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={label} className={className} data-punches={punches}>
      <title>{label}</title>
      <defs>
        <linearGradient id="kyb-loyalty-card-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3d2a1e" />
          <stop offset="1" stopColor="#1d1612" />
        </linearGradient>
      </defs>
      <rect width={W} height={H} fill="url(#kyb-loyalty-card-bg)" />
      <circle cx="262" cy="24" r="80" fill={GOLD} fillOpacity="0.12" />
      <rect x="6" y="6" width="288" height="294" rx="16" fill="none" stroke={GOLD} strokeOpacity=".35" strokeWidth="2" />
      <Crown x={18} y={20} scale={0.62} fill={GOLD} jewel={PALE_GOLD} />
      <text x="54" y="44" fontFamily={SERIF} fontSize="24" fontWeight="700" letterSpacing="1" fill="#fbf7f1">
        KYB Rewards
      </text>
      <text x="18" y="74" fontFamily={SANS} fontSize="13" fontWeight="600" letterSpacing="1" fill={PALE_GOLD}>
        ONE PUNCH PER
      </text>
      <text x="18" y="92" fontFamily={SANS} fontSize="13" fontWeight="600" letterSpacing="1" fill={PALE_GOLD}>
        COMPLETED SERVICE
      </text>
      {slots.map((n) => (
        <Slot key={n} n={n} punched={n <= punches} />
      ))}
      <text x="18" y="278" fontFamily={SANS} fontSize="13" fill={CREAM}>
        {caption}
      </text>
    </svg>
  );
}

/**
 * The card's words for a visit count (and the highest visit a code was issued at: rewardsNext): the
 * line beneath the slots and what a screen reader hears (its title). The example card and a member's
 * own read the same.
 */
export function loyaltyCardWords(visits: number, issuedThrough = 0): { punches: number; caption: string; label: string } {
  const punches = rewardsCardPunches(visits);
  const next = rewardsNext(visits, issuedThrough);
  const toGo = `${next.visitsToGo} ${next.visitsToGo === 1 ? 'visit' : 'visits'} to ${markerReward(next.marker)}`;
  const markers = REWARDS_CARD.markers.map((m, i) => (i === 0 ? `${markerReward(m)} at ${markerVisits(m)}` : `${markerReward(m)} at ${m.visit}`)).join(', ');
  return {
    punches,
    caption: `${punches} of ${REWARDS_CARD.slots} · ${toGo}`,
    label: `KYB rewards card, ${punches} of ${REWARDS_CARD.slots} punches: ${next.visitsToGo} more ${next.visitsToGo === 1 ? 'visit' : 'visits'} to ${markerReward(next.marker)}. Markers: ${markers}`,
  };
}
