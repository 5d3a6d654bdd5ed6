/** The reviewer's avatar: initials on an earthy ground with a light pattern, drawn from the name. */
import { avatarFor } from '../model/index.ts';

export function Avatar({ name }: { name: string }) {
  const a = avatarFor(name);
  return (
    <svg className="rv-avatar" viewBox="0 0 40 40" aria-hidden="true" focusable="false" part="avatar">
      <rect width="40" height="40" fill={a.background} />
      <g transform={`rotate(${a.rotation} 20 20)`} fill="#fff" fillOpacity="0.14">
        {a.pattern === 'band' && <rect x="-10" y="14" width="60" height="12" />}
        {a.pattern === 'orb' && <circle cx="32" cy="8" r="14" />}
        {a.pattern === 'arcs' && (
          <>
            <circle cx="40" cy="40" r="22" fill="none" stroke="#fff" strokeOpacity="0.18" strokeWidth="4" />
            <circle cx="40" cy="40" r="12" fill="none" stroke="#fff" strokeOpacity="0.18" strokeWidth="4" />
          </>
        )}
      </g>
      <text x="20" y="20" dy="0.35em" textAnchor="middle" fill="#fff" fontSize={a.initials.length > 1 ? 15 : 17} fontWeight="600" fontFamily="system-ui, sans-serif">
        {a.initials}
      </text>
    </svg>
  );
}
