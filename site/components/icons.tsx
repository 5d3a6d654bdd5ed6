/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * A small stroked icon set drawn for the site (24×24, currentColor), inlined so icons need no request
 * and follow the text color. Icons are decorative: the text beside them carries the meaning.
 */
const P: Record<string, string[]> = {
  leaf: ['M5 19c0-8 5-13 14-14-1 9-6 14-14 14z', 'M5 19l8-8'],
  drop: ['M12 3s6 7 6 11a6 6 0 0 1-12 0c0-4 6-11 6-11z'],
  recycle: ['M7 19H4l3-5', 'M17 19h3l-3-5', 'M9 5l3-2 3 2', 'M7 14l-3-5 4-1', 'M17 14l3-5-4-1', 'M8 19h8', 'M12 3v0'],
  gift: ['M4 10h16v10H4z', 'M3 7h18v3H3z', 'M12 7v13', 'M12 7c-2-4-6-3-5 0', 'M12 7c2-4 6-3 5 0'],
  sparkle: ['M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z', 'M19 3v4', 'M17 5h4'],
  palette: ['M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3 2-1 3-1a4 4 0 0 0 4-4c0-4-4-8-9-8z', 'M7.5 11h.01', 'M10 7h.01', 'M15 7.5h.01'],
  card: ['M3 6h18v12H3z', 'M3 10h18', 'M7 15h4'],
  star: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
  heart: ['M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z'],
  calendar: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
  shield: ['M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6z', 'M9 12l2 2 4-4'],
  chevron: ['M6 9l6 6 6-6'],
  'arrow-left': ['M19 12H5', 'M11 6l-6 6 6 6'],
  'arrow-right': ['M5 12h14', 'M13 6l6 6-6 6'],
  menu: ['M4 7h16', 'M4 12h16', 'M4 17h16'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  message: ['M4 5h16v11H9l-5 4z', 'M8 10h8', 'M8 13h5'],
  mail: ['M3 6h18v12H3z', 'M3 7l9 6 9-6'],
  phone: ['M5 4h4l2 5-3 2a12 12 0 0 0 5 5l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 6a2 2 0 0 1 2-2z'],
  crown: ['M3 8l4 4 5-7 5 7 4-4-2 11H5z', 'M5 19h14'],
  lotus: ['M12 19c-4 0-8-2-9-6 3 0 6 1 9 6z', 'M12 19c4 0 8-2 9-6-3 0-6 1-9 6z', 'M12 19c-2-3-2-9 0-13 2 4 2 10 0 13z'],
  tea: ['M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z', 'M16 10h2a2 2 0 0 1 0 4h-2', 'M8 3c0 2 2 2 2 4', 'M12 3c0 2 2 2 2 4'],
  sound: ['M4 10v4', 'M8 7v10', 'M12 4v16', 'M16 8v8', 'M20 11v2'],
  stretch: ['M12 5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M4 9l8 2 8-2', 'M12 11v4', 'M12 15l-4 6', 'M12 15l4 6'],
  gem: ['M6 4h12l3 5-9 11L3 9z', 'M3 9h18', 'M9 4l3 16 3-16'],
  book: ['M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z', 'M4 19V5', 'M8 7h7'],
  download: ['M12 4v11', 'M7 10l5 5 5-5', 'M5 20h14'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4'],
  check: ['M5 12l5 5 9-10'],
  users: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M2 21c0-4 3-6 7-6s7 2 7 6', 'M16 3a4 4 0 0 1 0 8', 'M19 15c2 1 3 3 3 6'],
  truck: ['M3 6h11v10H3z', 'M14 10h4l3 3v3h-7z', 'M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z'],
  scissors: ['M6 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M6 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M8.5 6.5L20 18', 'M8.5 17.5L20 6'],
  pin: ['M12 21s-7-6-7-12a7 7 0 0 1 14 0c0 6-7 12-7 12z', 'M12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z'],
  play: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M10 8l6 4-6 4z'],
  flame: ['M12 21a6 6 0 0 0 6-6c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-3-2 2-3 4-3 7a6 6 0 0 0 6 6z'],
  wind: ['M3 8h11a3 3 0 1 0-3-3', 'M3 12h16a3 3 0 1 1-3 3', 'M3 16h8'],
  target: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M12 12h.01'],
  basket: ['M3 10h18l-2 10H5z', 'M8 10l4-6 4 6', 'M9 14v3', 'M15 14v3'],
  /** The cart (kyb-cart's button draws the same bag). */
  bag: ['M5 8h14l-1.2 12H6.2z', 'M9 10V7a3 3 0 0 1 6 0v3'],
  lock: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  external: ['M14 4h6v6', 'M20 4l-9 9', 'M18 14v6H4V6h6'],
  instagram: ['M4 4h16v16H4z', 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M17 7h.01'],
  youtube: ['M3 7c0-2 1-3 3-3h12c2 0 3 1 3 3v10c0 2-1 3-3 3H6c-2 0-3-1-3-3z', 'M10 9l5 3-5 3z'],
  tiktok: ['M14 3v11a4 4 0 1 1-4-4', 'M14 3c0 3 2 5 5 5'],
  pinterest: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M11 8l-3 13', 'M9.5 14c3 1 6-1 6-4a3.5 3.5 0 0 0-7 0'],
  hands: [
    'M7 11V6a1.5 1.5 0 0 1 3 0v5',
    'M10 10V4a1.5 1.5 0 0 1 3 0v6',
    'M13 10V5a1.5 1.5 0 0 1 3 0v7',
    'M16 10a1.5 1.5 0 0 1 3 0v4a7 7 0 0 1-7 7 6 6 0 0 1-5-3l-3-5a1.5 1.5 0 0 1 2.5-1.5L7 14',
  ],
  ruler: ['M3 17L17 3l4 4L7 21z', 'M7 13l2 2', 'M10 10l2 2', 'M13 7l2 2'],
  globe: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M3 12h18', 'M12 3c3 3 3 15 0 18', 'M12 3c-3 3-3 15 0 18'],
  feather: ['M20 4c-8 0-14 6-14 14v2', 'M6 18c6 0 12-4 14-14', 'M10 14h6'],
  jar: ['M7 3h10v3H7z', 'M6 6h12v13a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2z', 'M9 11h6'],
  percent: ['M19 5L5 19', 'M7 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', 'M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z'],
  cake: ['M4 11h16v9H4z', 'M4 15c2 1 4 1 6 0s4-1 6 0 3 1 4 0', 'M12 4v4', 'M8 6v5', 'M16 6v5'],
  school: ['M2 9l10-5 10 5-10 5z', 'M6 11v5c3 2 9 2 12 0v-5'],
};

export type IconName = keyof typeof P & string;

export function Icon({ name, class: c }: { name: IconName; class?: string }) {
  const d = P[name];
  if (!d) throw new Error(`unknown icon ${name}`);
  return (
    <svg class={c ? `icon ${c}` : 'icon'} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {d.map((p) => (
        <path d={p} />
      ))}
    </svg>
  );
}
