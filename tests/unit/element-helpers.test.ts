/**
 * The pure helpers of the small elements, in Node: the Vault's items and download targets, the sticky
 * bar's threshold, the thumbnail gallery's keyboard index, the merch-notify item name.
 */
import { describe, expect, it } from 'vitest';
import { VAULT_ITEMS, downloadTarget, vaultItems } from '../../widgets/vault/items.ts';
import { DEFAULT_THRESHOLD, barVisible } from '../../widgets/sticky-bar/StickyBar.tsx';
import { nextIndex } from '../../widgets/thumbnail-gallery/ThumbnailGallery.tsx';
import { merchName } from '../../widgets/merch-notify/MerchNotify.tsx';
import { MERCHANDISE } from '../../shared/catalog.ts';

describe('Vault items (docs/pages.md, docs/data.md#entities)', () => {
  it('defaults to the three resources, with real files under /downloads/', () => {
    expect(VAULT_ITEMS.map((i) => `${i.title} (${i.fileType})`)).toEqual(['Starter Care Checklist (PDF)', 'Takedown Guide (PDF)', 'Ritual Tracker (Digital)']);
    expect(VAULT_ITEMS.every((i) => i.href.startsWith('/downloads/'))).toBe(true);
  });
  it('takes usable items from the attribute and falls back on anything else', () => {
    expect(vaultItems(undefined)).toEqual(VAULT_ITEMS);
    expect(vaultItems({ not: 'a list' })).toEqual(VAULT_ITEMS);
    expect(vaultItems([{ title: '' }, { href: '/x' }])).toEqual(VAULT_ITEMS);
    expect(vaultItems([{ title: ' Guide ', href: '/files/g.pdf', extra: 1 }, { title: 'No file' }])).toEqual([
      { id: 'item-1', title: 'Guide', description: '', fileType: '', href: '/files/g.pdf' },
    ]);
  });
  it('downloads same-origin files, opens other origins instead (browsers ignore download across origins)', () => {
    expect(downloadTarget('/downloads/a.html', 'https://kyb.example', 'https://kyb.example')).toEqual({ url: 'https://kyb.example/downloads/a.html', sameOrigin: true });
    expect(downloadTarget('/downloads/a.html', 'https://kyb.example', 'https://linkinbio.example')).toEqual({ url: 'https://kyb.example/downloads/a.html', sameOrigin: false });
    expect(downloadTarget('https://cdn.example/a.pdf', 'https://kyb.example', 'https://kyb.example').sameOrigin).toBe(false);
  });
});

describe('sticky bar visibility (docs/pages.md, docs/limits.md)', () => {
  it('shows strictly past the threshold, hides at or below it', () => {
    expect(DEFAULT_THRESHOLD).toBe(300);
    expect(barVisible(300, 300)).toBe(false);
    expect(barVisible(301, 300)).toBe(true);
    expect(barVisible(0, 300)).toBe(false);
    expect(barVisible(301, undefined)).toBe(true);
    expect(barVisible(300, undefined)).toBe(false);
    expect(barVisible(301, Number.NaN)).toBe(true);
    expect(barVisible(50, 40)).toBe(true);
  });
});

describe('thumbnail keyboard (docs/catalog.md#product-detail-pages)', () => {
  it('arrows move and wrap, Home and End jump, other keys do nothing', () => {
    expect(nextIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextIndex('ArrowUp', 1, 3)).toBe(0);
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
    expect(nextIndex('Enter', 0, 3)).toBeNull();
    expect(nextIndex('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('merchandise names (docs/pages.md, docs/limits.md)', () => {
  it('names each Coming Soon item from the catalog', () => {
    for (const m of MERCHANDISE) expect(merchName(m.id)).toBe(m.name);
    expect(merchName('hat')).toBe('hat');
    expect(merchName(undefined)).toBe('KYB merchandise');
  });
});
