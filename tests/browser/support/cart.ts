/**
 * The cart's fixtures for the browser tests (kyb-cart, kyb-order, the configurator's Add to Cart): lines
 * as the browser keeps them, written the way another tab writes them, and reads of what is stored.
 */
import { CART_STORAGE_KEY } from '../../../shared/storage.ts';
import type { CartLine } from '../../../shared/cart.ts';
import { $, $$, text, waitFor } from './helpers.ts';

export { CART_STORAGE_KEY };
export const TRINITY: CartLine = { product: 'trinity-locs', configuration: { length: 20, size: 'MD', color: 'black' }, quantity: 1 };
export const JAH: CartLine = { product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 };
export const KIT: CartLine = {
  product: 'lock-kit',
  configuration: { size: 'SM', count: 40, length: '16-18', color: 'burgundy', addOns: ['wrapping-hair', 'satin-bag'] },
  quantity: 1,
};
export const BUNDLE: CartLine = { product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 };

let writer: HTMLIFrameElement | null = null;
/**
 * Writes the stored cart from another document of this origin (a hidden iframe), as another tab would:
 * this page hears it as a `storage` event. `null` removes it.
 */
export async function storeFromAnotherTab(value: { lines: CartLine[]; [k: string]: unknown } | null) {
  if (!writer?.isConnected) {
    writer = document.createElement('iframe');
    writer.hidden = true;
    document.body.append(writer);
    await waitFor(() => writer!.contentWindow?.localStorage, 'writer frame');
  }
  const ls = writer.contentWindow!.localStorage;
  const next = value ? JSON.stringify({ at: Date.now(), ...value }) : null;
  if (ls.getItem(CART_STORAGE_KEY) === next) return;
  // This page hears it as a task of its own: wait for it (the cart's listener was added before this one).
  const heard = new Promise((r) => addEventListener('storage', r, { once: true }));
  if (next) ls.setItem(CART_STORAGE_KEY, next);
  else ls.removeItem(CART_STORAGE_KEY);
  await heard;
}

/** The stored cart (null when there is none). */
export function storedCart(): { lines: CartLine[]; owner?: string; order?: string; id?: string; at: number } | null {
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  return raw ? JSON.parse(raw) : null;
}

/** The open drawer's dialog in the cart button's shadow tree. */
export const drawer = (el: Element) => $<HTMLDialogElement>(el, 'dialog[open]');
/** The open drawer, once its lines (or its empty state) are in. */
export const openDrawer = async (el: Element) => {
  $<HTMLButtonElement>(el, '[part~="button"]').click();
  return waitFor(() => drawer(el)?.querySelector('[part~="line"], [part~="empty"]') && drawer(el), 'the cart drawer open');
};
/** Totals as [label, amount] pairs. */
export const totals = (root: ParentNode) => [...root.querySelectorAll('.kyb-totals__row')].map((r) => [text(r.querySelector('dt')), text(r.querySelector('dd'))]);
/** Each line: name, options, unit price text, quantity. */
export const lines = (root: ParentNode) =>
  [...root.querySelectorAll('[part~="line"]')].map((l) => ({
    name: text(l.querySelector('[part~="name"]')),
    options: [...l.querySelectorAll('[part~="options"] li')].map(text),
    unit: text(l.querySelector('[part~="unit"]')),
    quantity: Number(text(l.querySelector('output'))),
    total: text(l.querySelector('[part~="line-total"]')),
  }));
export const count = (el: Element) => text($(el, '[part~="count"]'));
export const buttons = (el: Element) => $$(el, 'button');

/** Lines in one key order (jsonb stores an object's keys in an order of its own), for comparing copies. */
export const canonical = (ls: readonly CartLine[] | null) =>
  JSON.stringify(
    (ls ?? []).map((l) => ({
      product: l.product,
      configuration: Object.fromEntries(Object.entries(l.configuration).sort(([a], [b]) => a.localeCompare(b))),
      quantity: l.quantity,
    })),
  );
