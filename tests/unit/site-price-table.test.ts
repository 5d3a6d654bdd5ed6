/**
 * ui/price-table.ts: the price tables are written once, so the prerendered
 * product page (Preact, rendered to a string) and kyb-loc-configurator (React API, here on React's
 * own server renderer) show the same caption, heads and rows, each priced by shared/pricing.ts.
 * Fixture: the page rendered in memory (site/prerender.ts renderPath) and the element's Tables.
 */
import { describe, expect, it } from 'vitest';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderPath } from '../../site/prerender.ts';
import { priceTableOf } from '../../ui/price-table.ts';
import { decode } from './site-pages.ts';

// The element's JSX is React's: loaded by a path the type checker does not follow, since this file is
// checked with the site's (Preact) JSX settings (site/tsconfig.json). vitest compiles it as React.
const TABLES = '../../widgets/loc-configurator/Tables.tsx';
const { Tables } = (await import(/* @vite-ignore */ TABLES)) as { Tables: FunctionComponent<{ product: string }> };

/** The first table's caption and its rows of cells, as text. */
function readTable(html: string) {
  const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  const plain = (s: string) =>
    decode(s.replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
  return {
    caption: plain(/<caption[^>]*>([\s\S]*?)<\/caption>/.exec(table)?.[1] ?? ''),
    rows: [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => [...r[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => plain(c[1]))),
  };
}

describe('the Jah Locs price table', () => {
  it('is the same on the product page and in the configurator', () => {
    const page = readTable(renderPath('/products/jah-locs').html.split('id="pricing"')[1] ?? '');
    const element = readTable(renderToStaticMarkup(createElement(Tables, { product: 'jah-locs' })));
    expect(page.caption).toBe('Jah Locs: price per bundle of 20 locs, solid color');
    expect(element).toEqual(page);
    expect(page.rows).toEqual([
      ['Length', 'XS 0.4 cm', 'SM 0.6-0.8 cm', 'MD 1.2-1.5 cm'],
      ['12-14 in', '$90', '$105', '$120'],
      ['16-18 in', '$110', '$125', '$140'],
      ['24-26 in', '$130', '$145', '$160'],
      ['32 in', '$150', '$165', '$180'],
    ]);
  });
});

describe('priceTableOf', () => {
  it('prices Trinity and Irie by length, the DIY kits by kit, and gives the lock kit none', () => {
    expect(priceTableOf('trinity-locs')?.rows[0]).toEqual({ label: '12 in', cells: ['$70'] });
    expect(priceTableOf('irie-locs')?.rows[0]).toEqual({ label: '12 in', cells: ['$65'] });
    expect(priceTableOf('diy-kit')?.rows.map((r) => `${r.label} ${r.cells[0]}`)).toEqual(['Starter Kit $149', 'Premium Kit $199', 'Complete Kit $249']);
    expect(priceTableOf('lock-kit')).toBeNull();
  });
});
