/**
 * A product configuration as text: the query string a shared link carries (`?length=20&size=SM&color=Brown`)
 * and the string kept in localStorage. Pure (no DOM) so it is unit-tested in Node.
 *
 * Parsing is forgiving about spelling (a hand-typed `color=Honey Blonde`, `size=M`, `length=13`) and
 * strict about values: anything the catalog does not offer is dropped and reported, never priced.
 */
import {
  DIY_KITS,
  IRIE_LENGTHS,
  JAH_QUANTITIES,
  KIT_BUILDER,
  LENGTH_BANDS,
  LOC_COLORS,
  SIZES,
  TRINITY_LENGTHS,
  type ColorId,
  type KitAddOnId,
  type LengthBand,
  type ProductId,
  type SizeId,
  defaultConfiguration,
  type ConfigFor,
} from '../core/domain.ts';

export const CONFIGURABLE_PRODUCTS = ['trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit'] as const satisfies readonly ProductId[];

export function isConfigurableProduct(p: unknown): p is ProductId {
  return typeof p === 'string' && (CONFIGURABLE_PRODUCTS as readonly string[]).includes(p);
}

/** The query keys each product owns, in the order links are written. */
export const PARAM_KEYS: { [P in ProductId]: readonly string[] } = {
  'trinity-locs': ['length', 'size', 'color'],
  'irie-locs': ['length', 'size', 'color'],
  'jah-locs': ['length', 'size', 'color', 'quantity'],
  'diy-kit': ['kit'],
  'lock-kit': ['size', 'count', 'length', 'color', 'addons'],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function parseSize(v: string): SizeId | undefined {
  const s = squash(v);
  // The spec prices the kit's "S" and "M" (docs/limits.md); they are SM and MD of the one size scale.
  const alias: Record<string, SizeId> = { xs: 'XS', s: 'SM', sm: 'SM', small: 'SM', m: 'MD', md: 'MD', medium: 'MD' };
  const id = alias[s];
  return id && SIZES.some((x) => x.id === id) ? id : undefined;
}

function parseColor(v: string): ColorId | undefined {
  const s = squash(v);
  if (/^multi(tone|color|colour)?$/.test(s)) return 'multi-tone';
  return LOC_COLORS.find((c) => squash(c.value) === s || squash(c.label) === s)?.value;
}

function parseInches(v: string): number | undefined {
  const m = /^\s*(\d{1,2})\s*(in|inch|inches|")?\s*$/i.exec(v);
  return m ? Number(m[1]) : undefined;
}

function parseBand(v: string): LengthBand | undefined {
  const norm = v
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s*(in|inch|inches|")\s*$/i, '')
    .trim();
  const exact = LENGTH_BANDS.find((b) => b.id === norm);
  if (exact) return exact.id;
  const n = parseInches(norm);
  return n === undefined ? undefined : LENGTH_BANDS.find((b) => n >= b.min && n <= b.max)?.id;
}

function parseOneOf<T extends number>(v: string, allowed: readonly T[]): T | undefined {
  const n = Number(v.trim());
  return allowed.find((a) => a === n);
}

export interface Parsed<P extends ProductId> {
  /** The recognised values only. */
  config: Partial<ConfigFor[P]>;
  /** Keys that were present but held a value the catalog does not offer. */
  rejected: string[];
}

/** Reads a product's keys from a query string; keys of other products are ignored. */
export function parseConfiguration<P extends ProductId>(product: P, params: URLSearchParams | string): Parsed<P> {
  const q = typeof params === 'string' ? new URLSearchParams(params) : params;
  const out: Record<string, unknown> = {};
  const rejected: string[] = [];
  for (const key of PARAM_KEYS[product]) {
    const raw = q.get(key);
    if (raw === null) continue;
    let v: unknown;
    switch (key) {
      case 'length':
        if (product === 'trinity-locs' || product === 'irie-locs') {
          const n = parseInches(raw);
          const list = product === 'trinity-locs' ? TRINITY_LENGTHS : IRIE_LENGTHS;
          v = list.find((l) => l.inches === n)?.inches;
        } else v = parseBand(raw);
        break;
      case 'size':
        v = parseSize(raw);
        break;
      case 'color':
        v = parseColor(raw);
        break;
      case 'quantity':
        v = parseOneOf(raw, JAH_QUANTITIES);
        break;
      case 'count':
        v = parseOneOf(
          raw,
          KIT_BUILDER.counts.map((c) => c.value),
        );
        break;
      case 'kit':
        v = DIY_KITS.find((k) => k.id === squash(raw))?.id;
        break;
      case 'addons': {
        const wanted = raw.split(',').map(squash).filter(Boolean);
        const known = KIT_BUILDER.addOns.filter((a) => wanted.includes(squash(a.value))).map((a) => a.value);
        if (known.length !== new Set(wanted).size) rejected.push(key);
        out.addOns = known as KitAddOnId[];
        continue;
      }
    }
    if (v === undefined) rejected.push(key);
    else out[key] = v;
  }
  return { config: out as Partial<ConfigFor[P]>, rejected };
}

/** The query keys and values of a configuration, in link order. */
export function configurationParams<P extends ProductId>(product: P, config: ConfigFor[P]): [string, string][] {
  const c = config as unknown as Record<string, unknown>;
  return PARAM_KEYS[product].map((key) => {
    if (key === 'addons') return [key, ((c.addOns as string[]) ?? []).join(',')];
    return [key, String(c[key])];
  });
}

export function serializeConfiguration<P extends ProductId>(product: P, config: ConfigFor[P]): string {
  return new URLSearchParams(configurationParams(product, config)).toString();
}

/**
 * The configuration a page opens with: the defaults, then what this browser stored, then the URL.
 * The URL wins because a shared link must show what its sender chose.
 */
export function resolveConfiguration<P extends ProductId>(
  product: P,
  sources: { url?: URLSearchParams | string | null; stored?: string | null },
): { config: ConfigFor[P]; fromUrl: boolean; rejected: string[] } {
  const stored = sources.stored ? parseConfiguration(product, sources.stored) : null;
  const url = sources.url ? parseConfiguration(product, sources.url) : null;
  const fromUrl = !!url && Object.keys(url.config).length > 0;
  return {
    config: { ...defaultConfiguration(product), ...stored?.config, ...url?.config } as ConfigFor[P],
    fromUrl,
    rejected: url?.rejected ?? [],
  };
}

/** `href` with this product's keys set to `config` (other query keys and the hash kept). */
export function withConfiguration<P extends ProductId>(href: string, product: P, config: ConfigFor[P]): string {
  const u = new URL(href);
  for (const [k, v] of configurationParams(product, config)) u.searchParams.set(k, v);
  return u.toString();
}
