/**
 * Reviewer avatars drawn locally from the reviewer's name. The original used a public avatar
 * generator seeded by the name (docs/reviews.md#reviews-section); drawing it here keeps the same "same name, same face"
 * behaviour without sending reviewers' names to a third party or waiting on its requests.
 */

/** Earthy backgrounds, each dark enough for white initials (contrast ≥ 4.5:1). */
export const AVATAR_PALETTE = [
  '#7a4b2a', // umber
  '#8c3b2e', // terracotta
  '#5b6b2f', // olive
  '#3f5e4a', // sage, deep
  '#6b4a6e', // plum
  '#7a5a1f', // ochre, deep
  '#4a5a6b', // slate
  '#8a4b5a', // clay rose
] as const;

export const AVATAR_PATTERNS = ['plain', 'band', 'orb', 'arcs'] as const;
export type AvatarPattern = (typeof AVATAR_PATTERNS)[number];

export interface AvatarSpec {
  initials: string;
  background: string;
  pattern: AvatarPattern;
  /** Rotation of the pattern, degrees (multiples of 45). */
  rotation: number;
}

/** FNV-1a, 32 bit: small, stable across engines, well spread for short strings. */
export function hashName(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Names differing only in case or spacing are the same person to a reader, so get the same avatar. */
function normalise(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toLocaleUpperCase('en-US') || '?';
}

export function avatarFor(name: string): AvatarSpec {
  const h = hashName(normalise(name));
  return {
    initials: initialsOf(name),
    background: AVATAR_PALETTE[h % AVATAR_PALETTE.length],
    pattern: AVATAR_PATTERNS[(h >>> 8) % AVATAR_PATTERNS.length],
    rotation: ((h >>> 16) % 8) * 45,
  };
}
