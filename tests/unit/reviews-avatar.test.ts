import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarFor, hashName, initialsOf } from '../../ui/reviews/model/index.ts';

describe('reviewer avatar', () => {
  it('is the same for the same name, every time', () => {
    expect(avatarFor('Amara Johnson')).toEqual(avatarFor('Amara Johnson'));
    // Pinned values: a change here changes every reviewer's face on the live site.
    expect(hashName('amara johnson')).toBe(hashName('amara johnson'));
    expect(hashName('')).toBe(0x811c9dc5);
    expect(hashName('a')).toBe(0xe40c292c);
  });

  it('ignores case and spacing differences in the seed', () => {
    const a = avatarFor('Amara Johnson');
    const b = avatarFor('  amara   JOHNSON ');
    expect(b.background).toBe(a.background);
    expect(b.pattern).toBe(a.pattern);
    expect(b.rotation).toBe(a.rotation);
  });

  it('spreads different names over the palette', () => {
    const names = Array.from({ length: 64 }, (_, i) => `Reviewer ${i}`);
    const colours = new Set(names.map((n) => avatarFor(n).background));
    expect(colours.size).toBeGreaterThanOrEqual(6);
    for (const c of colours) expect(AVATAR_PALETTE).toContain(c);
  });

  it('takes initials from the first and last words', () => {
    expect(initialsOf('amara johnson')).toBe('AJ');
    expect(initialsOf('Kemi')).toBe('K');
    expect(initialsOf('Mary Ann de la Cruz')).toBe('MC');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
  });
});
