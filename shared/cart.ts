/**
 * What can be bought, and what a cart costs (docs/commerce.md). The cart drawer prices what the visitor
 * sees with these functions, and the checkout function prices what Stripe charges with the very same
 * ones, from nothing but `{product, configuration, quantity}`: a price never comes from the browser.
 *
 * Every amount here is integer cents. The catalog's prices are whole dollars (shared/pricing.ts), so a
 * unit price is `dollars * 100`, and the one rounding (the deposit, to the dollar) happens in cents.
 *
 * Pure: no DOM, no Node, no Deno; imports only shared/ (the catalog, the rules, the messages) and
 * zod/mini (for the configuration contracts, which the checkout contract in shared/contracts.ts composes).
 */
import * as z from 'zod/mini';
import {
  DIY_KITS,
  IRIE_LENGTHS,
  JAH_QUANTITIES,
  KIT_BUILDER,
  LENGTH_BANDS,
  LOC_COLORS,
  LOCS_PER_BUNDLE,
  PLANNER_TIERS,
  HANDMADE_LOCS,
  SIZES,
  TRINITY_LENGTHS,
  onSale,
  productById,
  type ProductId,
} from './catalog.ts';
import { bandLabel, colorLabel, jahBundles, priceFor, type ConfigFor } from './pricing.ts';
import { CART_MESSAGES, LAUNCH_MESSAGES } from './messages.ts';
import { CART_LIMITS, DEPOSIT, SHIPPING } from './rules/commerce.ts';

/** Cents as the pages show money: "$395", "$19.50" (shared/money.ts). */
export { formatCents } from './money.ts';

// ---------------------------------------------------------------- what can be bought

/** Every product a cart line may name: the configurable catalog products, the handmade locs and the planner. */
export const CART_PRODUCTS = ['trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit', 'handmade-locs', 'crown-planner'] as const;
export type CartProductId = (typeof CART_PRODUCTS)[number];

const sizeIds = SIZES.map((s) => s.id) as [string, ...string[]];
const colorIds = LOC_COLORS.map((c) => c.value) as [string, ...string[]];
const bandIds = LENGTH_BANDS.map((b) => b.id) as [string, ...string[]];
const inches = (lengths: readonly { inches: number }[]) => z.union(lengths.map((l) => z.literal(l.inches)) as [z.ZodMiniLiteral<number>, ...z.ZodMiniLiteral<number>[]]);
const oneOfNumbers = (values: readonly number[]) => z.union(values.map((v) => z.literal(v)) as [z.ZodMiniLiteral<number>, ...z.ZodMiniLiteral<number>[]]);

/**
 * Each product's configuration, exactly: every option named, each value one the catalog offers, and no
 * other key (a strict object), so a tampered line is refused with the field it got wrong.
 */
export const CONFIGURATIONS = {
  'trinity-locs': z.strictObject({ length: inches(TRINITY_LENGTHS), size: z.enum(sizeIds), color: z.enum(colorIds) }),
  'irie-locs': z.strictObject({ length: inches(IRIE_LENGTHS), size: z.enum(sizeIds), color: z.enum(colorIds) }),
  'jah-locs': z.strictObject({ length: z.enum(bandIds), size: z.enum(sizeIds), color: z.enum(colorIds), quantity: oneOfNumbers(JAH_QUANTITIES) }),
  'diy-kit': z.strictObject({ kit: z.enum(DIY_KITS.map((k) => k.id) as [string, ...string[]]) }),
  'lock-kit': z.strictObject({
    size: z.enum(KIT_BUILDER.sizes.map((s) => s.value) as [string, ...string[]]),
    count: oneOfNumbers(KIT_BUILDER.counts.map((c) => c.value)),
    length: z.enum(KIT_BUILDER.lengths.map((l) => l.value) as [string, ...string[]]),
    color: z.enum(KIT_BUILDER.colors.map((c) => c.value) as [string, ...string[]]),
    addOns: z.array(z.enum(KIT_BUILDER.addOns.map((a) => a.value) as [string, ...string[]])).check(
      z.maxLength(KIT_BUILDER.addOns.length),
      z.refine((a) => new Set(a).size === a.length, { error: 'Each add-on can be chosen once' }),
    ),
  }),
  'handmade-locs': z.strictObject({}),
  'crown-planner': z.strictObject({ tier: z.enum(PLANNER_TIERS.map((t) => t.id) as [string, ...string[]]) }),
} as const satisfies Record<CartProductId, z.ZodMiniType>;

/** One line of a cart as the browser keeps it and sends it: never a price. */
export interface CartLine {
  product: CartProductId;
  configuration: Record<string, unknown>;
  quantity: number;
}

/** A line as the cart and the order show it. */
export interface PricedLine {
  /** The line's identity: product + configuration (two adds of the same thing are one line). */
  key: string;
  product: CartProductId;
  configuration: Record<string, unknown>;
  /** The product's name ("Jah Locs", "Crown Planner Bundle"). */
  name: string;
  /** The chosen options, in words ("Length: 24-26 in"). */
  options: string[];
  unitCents: number;
  quantity: number;
  /** unitCents × quantity. */
  lineCents: number;
  /** What checkout charges now for this line: all of it, or its deposit (docs/commerce.md#deposits). */
  dueNowCents: number;
  /** lineCents − dueNowCents: due before shipping. */
  balanceCents: number;
  /** A download, not a parcel: no shipping, no address. */
  digital: boolean;
  /** A kit: final sale, U.S. only, acknowledged at checkout. */
  kit: boolean;
  /** The product's page (relative to the site). */
  href: string;
  /** The product's picture (relative to the site): the cart line's and the notification's thumbnail. */
  image: string;
  /** The most units this line may have: CART_LIMITS.maxQuantity, or 1 for a download. */
  maxQuantity: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Units across lines (the header's count). */
  count: number;
  subtotalCents: number;
  /** What the physical goods are worth (the free-shipping threshold reads this). */
  physicalCents: number;
  /** Charged at checkout: 0 when there is nothing to ship or the physical goods reach the threshold. */
  shippingCents: number;
  /** subtotal + shipping. */
  totalCents: number;
  /** Charged at checkout: every line's due-now amount plus shipping. */
  dueNowCents: number;
  /** Due before shipping (made-to-order deposits). */
  balanceCents: number;
  needsShipping: boolean;
  needsKitTerms: boolean;
}

/** A line that cannot be priced: `field` is its path in the checkout request (`lines.0.configuration.size`). */
export class CartError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'CartError';
  }
}

export const isCartProduct = (p: unknown): p is CartProductId => (CART_PRODUCTS as readonly unknown[]).includes(p);

/** A product's page on the site (the planner's tiers share the planner's). */
export function productPage(product: string): string {
  if (product === 'handmade-locs') return '/handmade-locs';
  if (product === 'crown-planner') return '/digital-tools/crown-planner';
  return productById(product)?.href ?? '/products';
}

/** The most units of one line: a download is one per order (issue #29), the rest CART_LIMITS.maxQuantity. */
export const maxQuantityOf = (product: string) => (product === 'crown-planner' ? CART_LIMITS.maxDownloadQuantity : CART_LIMITS.maxQuantity);

/** A product's picture (relative to the site): the catalog's, or the handmade page's and the planner's own. The cart's lines and the e-mails' both draw it. */
export function imageOf(product: CartProductId): string {
  if (product === 'handmade-locs') return '/images/handmade-locs/1.svg';
  if (product === 'crown-planner') return '/images/planner-cover.svg';
  return productById(product)!.image;
}

/**
 * The e-mails' thumbnail of a product: a PNG copy of its picture (`imageOf`), since Gmail and Outlook show
 * no SVG in a message. Drawn 2× its 48 px by `npm run mail:thumbs` (scripts/mail-thumbs.ts), which the
 * unit tests hold to the pictures they were drawn from.
 */
export const MAIL_THUMB = { size: 48, backdrop: '#efe6da' } as const;
export const mailThumbOf = (product: CartProductId) => `/images/mail/${product}.png`;

/** The review slug a product is reviewed under (shared/rules/reviews.ts REVIEW_SLUGS): the planner's reviews are the planner page's. */
export const reviewSlugOf = (product: CartProductId) => (product === 'crown-planner' ? 'protective-style-planner' : product);

/** A configuration in one canonical form (sorted keys, sorted add-ons), for line identity. */
export function lineKey(product: string, configuration: Record<string, unknown>): string {
  const c: Record<string, unknown> = {};
  for (const k of Object.keys(configuration).sort()) {
    const v = configuration[k];
    c[k] = Array.isArray(v) ? [...v].sort() : v;
  }
  return `${product}:${JSON.stringify(c)}`;
}

/** The product's own name and page (the planner's tiers are products of their own on the order). */
function describe(product: CartProductId, c: Record<string, unknown>): { name: string; href: string; options: string[] } {
  // One formatter for every line with a size, locs and kits alike (issue #29: "Size: XS (0.4 cm)" beside "Size: XS").
  const size = (id: unknown) => {
    const s = SIZES.find((x) => x.id === id)!;
    return `Size: ${s.label} (${s.width})`;
  };
  switch (product) {
    case 'trinity-locs':
    case 'irie-locs':
      return {
        name: productById(product)!.title,
        href: productById(product)!.href,
        options: [`Length: ${c.length} in`, size(c.size), `Color: ${colorLabel(c.color as never)}`],
      };
    case 'jah-locs': {
      const q = c.quantity as (typeof JAH_QUANTITIES)[number];
      const bundles = jahBundles(q);
      return {
        name: productById(product)!.title,
        href: productById(product)!.href,
        options: [
          `Length: ${bandLabel(c.length as never)}`,
          size(c.size),
          `Color: ${colorLabel(c.color as never)}`,
          `${q} locs (${bundles} ${bundles === 1 ? 'bundle' : 'bundles'} of ${LOCS_PER_BUNDLE})`,
        ],
      };
    }
    case 'diy-kit':
      return { name: productById(product)!.title, href: productById(product)!.href, options: [DIY_KITS.find((k) => k.id === c.kit)!.name] };
    case 'lock-kit': {
      const k = KIT_BUILDER;
      const label = <T>(list: readonly { value: T; label: string }[], v: unknown) => list.find((x) => x.value === v)!.label;
      const addOns = (c.addOns as string[]).map((a) => label(k.addOns, a));
      return {
        name: productById(product)!.title,
        href: productById(product)!.href,
        options: [
          size(c.size),
          label(k.counts, c.count),
          `Length: ${label(k.lengths, c.length)}`,
          `Color: ${label(k.colors, c.color)}`,
          ...(addOns.length ? [`Add-ons: ${addOns.join(', ')}`] : []),
        ],
      };
    }
    case 'handmade-locs':
      return { name: 'Handmade Faux Locs', href: productPage(product), options: [] };
    case 'crown-planner':
      return { name: PLANNER_TIERS.find((t) => t.id === c.tier)!.name, href: productPage(product), options: ['Digital download'] };
  }
}

function unitDollars(product: CartProductId, c: Record<string, unknown>): number {
  if (product === 'handmade-locs') return HANDMADE_LOCS.fromPrice;
  if (product === 'crown-planner') return PLANNER_TIERS.find((t) => t.id === c.tier)!.price;
  return priceFor(product as ProductId, c as unknown as ConfigFor[ProductId]).total;
}

/** A deposit: `rate` of the line, rounded to the dollar (docs/commerce.md#deposits). */
export function depositCents(lineCents: number): number {
  return Math.round((lineCents * DEPOSIT.rate) / 100) * 100;
}

/**
 * Prices one line, or throws a CartError naming the field (`at` is the line's path, `lines.2`). With
 * `launched` (the Coming Soon products the admin's switch has put on sale: shared/catalog.ts onSale), a
 * product that is not on sale cannot be bought: the checkout function passes what the database says. The
 * browser's cart passes nothing, since only the server knows, and checkout is where a sale is refused.
 */
export function priceLine(line: { product: unknown; configuration: unknown; quantity: unknown }, at = 'line', launched?: ReadonlySet<string>): PricedLine {
  if (!isCartProduct(line.product)) throw new CartError(`${at}.product`, `Unknown product: ${JSON.stringify(line.product)}`);
  const product = line.product;
  const info = productById(product);
  if (launched && info && !onSale(info, launched)) throw new CartError(`${at}.product`, LAUNCH_MESSAGES.notOnSale(info.title));
  const parsed = CONFIGURATIONS[product].safeParse(line.configuration ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue.path.length ? `.${issue.path.join('.')}` : '';
    const bad = issue.code === 'unrecognized_keys' ? `: ${(issue as { keys?: string[] }).keys?.join(', ')}` : '';
    throw new CartError(`${at}.configuration${key}`, `Not an option of this product${bad}`);
  }
  const quantity = line.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > CART_LIMITS.maxQuantity) {
    throw new CartError(`${at}.quantity`, `Quantity must be a whole number from 1 to ${CART_LIMITS.maxQuantity}`);
  }
  if (quantity > maxQuantityOf(product)) throw new CartError(`${at}.quantity`, CART_MESSAGES.downloadOnce);
  const configuration = parsed.data as Record<string, unknown>;
  const unitCents = unitDollars(product, configuration) * 100;
  const lineCents = unitCents * quantity;
  const dueNowCents = DEPOSIT.products.includes(product) ? depositCents(lineCents) : lineCents;
  const { name, href, options } = describe(product, configuration);
  return {
    key: lineKey(product, configuration),
    product,
    configuration,
    name,
    options,
    unitCents,
    quantity,
    lineCents,
    dueNowCents,
    balanceCents: lineCents - dueNowCents,
    digital: product === 'crown-planner',
    kit: product === 'diy-kit' || product === 'lock-kit',
    href,
    image: imageOf(product),
    maxQuantity: maxQuantityOf(product),
  };
}

/** Shipping as checkout charges it for goods worth `physicalCents` (docs/commerce.md#shipping). */
export function shippingCents(physicalCents: number): number {
  if (physicalCents <= 0) return 0;
  return physicalCents >= SHIPPING.freeFromCents ? 0 : SHIPPING.flatCents;
}

/**
 * Prices a whole cart (throws CartError on the first bad line, when there are too many lines, or when one
 * product with the same options comes to more than CART_LIMITS.maxQuantity across lines).
 */
export function priceCart(lines: readonly { product: unknown; configuration: unknown; quantity: unknown }[], launched?: ReadonlySet<string>): PricedCart {
  if (lines.length > CART_LIMITS.maxLines) throw new CartError('lines', `A cart holds at most ${CART_LIMITS.maxLines} different items`);
  const priced = lines.map((l, i) => priceLine(l, `lines.${i}`, launched));
  // The limit is per product and options, however many lines carry it (the cart keeps one line each).
  const units = new Map<string, number>();
  for (const l of priced) {
    const n = (units.get(l.key) ?? 0) + l.quantity;
    if (n > maxQuantityOf(l.product)) throw new CartError('lines', l.digital ? CART_MESSAGES.downloadOnce : CART_MESSAGES.quantityLimit(CART_LIMITS.maxQuantity).description!);
    units.set(l.key, n);
  }
  const sum = (f: (l: PricedLine) => number, ls = priced) => ls.reduce((s, l) => s + f(l), 0);
  const physical = priced.filter((l) => !l.digital);
  const physicalCents = sum((l) => l.lineCents, physical);
  const shipping = shippingCents(physicalCents);
  const subtotalCents = sum((l) => l.lineCents);
  return {
    lines: priced,
    count: sum((l) => l.quantity),
    subtotalCents,
    physicalCents,
    shippingCents: shipping,
    totalCents: subtotalCents + shipping,
    dueNowCents: sum((l) => l.dueNowCents) + shipping,
    balanceCents: sum((l) => l.balanceCents),
    needsShipping: physical.length > 0,
    needsKitTerms: priced.some((l) => l.kit),
  };
}

/**
 * Adds `line` to `lines`: the same product and configuration is one line whose quantity grows, capped at
 * the limit; a new line goes last. Returns a new array.
 */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const key = lineKey(line.product, line.configuration);
  const out = lines.map((l) => ({ ...l }));
  const same = out.find((l) => lineKey(l.product, l.configuration) === key);
  const max = maxQuantityOf(line.product);
  if (same) same.quantity = Math.min(max, same.quantity + line.quantity);
  else out.push({ ...line, quantity: Math.min(max, line.quantity) });
  return out.slice(0, CART_LIMITS.maxLines);
}

/**
 * The guest cart and the account's stored cart, merged at sign-in (docs/commerce.md#cart): every line
 * of both, the same line once with the larger quantity (a cart opened on two devices must not double
 * what was chosen once), the account's lines first. Lines that no longer price (a product gone off sale)
 * are dropped.
 */
export function mergeCarts(account: readonly CartLine[], guest: readonly CartLine[]): CartLine[] {
  const out = new Map<string, CartLine>();
  for (const l of [...account, ...guest]) {
    let priced: PricedLine;
    try {
      priced = priceLine(l);
    } catch {
      continue;
    }
    const prev = out.get(priced.key);
    if (!prev || prev.quantity < priced.quantity) out.set(priced.key, { product: priced.product, configuration: priced.configuration, quantity: priced.quantity });
  }
  return [...out.values()].slice(0, CART_LIMITS.maxLines);
}

/** The lines of `lines` that still price, as they would be sent (a stored cart may be older than the catalog). */
export function validLines(lines: readonly unknown[]): CartLine[] {
  const out: CartLine[] = [];
  for (const l of lines) {
    if (!l || typeof l !== 'object') continue;
    try {
      // A download stored with more than one (before it was one per order) is kept, as one.
      const line = l as CartLine;
      const q = typeof line.quantity === 'number' ? Math.min(line.quantity, maxQuantityOf(line.product)) : line.quantity;
      const p = priceLine({ ...line, quantity: q });
      out.push({ product: p.product, configuration: p.configuration, quantity: p.quantity });
    } catch {
      /* dropped: the cart shows what can be bought */
    }
  }
  return out.slice(0, CART_LIMITS.maxLines);
}
