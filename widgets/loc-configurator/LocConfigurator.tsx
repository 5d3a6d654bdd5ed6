/**
 * <kyb-loc-configurator product="trinity-locs|irie-locs|jah-locs|diy-kit|lock-kit">
 *
 * The pickers of a product page (docs/catalog.md#product-detail-pages, #limits) with a live price and its breakdown. The configuration
 * is kept per product in localStorage and mirrored in the page's query string, so a reload keeps it and
 * the address (or Copy link) shares it; a link's values win over stored ones.
 *
 * Its attributes, events and parts: widgets/loc-configurator/register.ts.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { productById, type ProductId, formatUSD, priceFor, type ConfigFor, bookingLink, CONFIGURATOR_KEY_PREFIX, ADD_TO_CART, BUY_NOW_TARGET } from '../core/domain.ts';
import { siteUrl } from '../core/site.ts';
import { emit } from '../core/events.ts';
import { hostOf } from '../core/define.ts';
import { Pickers, type Config } from './Pickers.tsx';
import { Notes, Tables } from './Tables.tsx';
import { isConfigurableProduct, resolveConfiguration, serializeConfiguration, withConfiguration, CONFIGURABLE_PRODUCTS } from './configuration.ts';

export interface LocConfiguratorProps {
  product?: string;
  /** A Coming Soon product the admin's launch switch has put on sale: the page says so when it is built (site/data/launches.ts). */
  onSale?: string;
  container?: unknown;
}

/**
 * A breakdown line's label, with its bracketed price and the word before it kept on one line: a
 * narrow summary wrapped "($90)" alone onto a line of its own (issue #8). The text stays as
 * shared/pricing.ts writes it; only where it may wrap changes.
 */
function BreakdownLabel({ label }: { label: string }) {
  const m = /^(.*?)(\S+ \([^)]*\))(.*)$/.exec(label);
  if (!m) return <span>{label}</span>;
  return (
    <span>
      {m[1]}
      <span className="cfg__keep">{m[2]}</span>
      {m[3]}
    </span>
  );
}

function readStored(product: ProductId): string | null {
  try {
    return localStorage.getItem(CONFIGURATOR_KEY_PREFIX + product);
  } catch {
    return null; // storage disabled (privacy mode): the configuration just will not survive a reload
  }
}

function loadInitial(product: ProductId): Config {
  const r = resolveConfiguration(product, { url: location.search, stored: readStored(product) });
  if (r.rejected.length) console.warn(`kyb-loc-configurator: ignored unknown ${r.rejected.join(', ')} in the link for ${product}`);
  return r.config as unknown as Config;
}

export function LocConfigurator({ product, onSale, container }: LocConfiguratorProps) {
  if (!isConfigurableProduct(product)) {
    return (
      <p className="error" part="error" role="alert">
        Unknown product “{String(product ?? '')}”. Set product to one of: {CONFIGURABLE_PRODUCTS.join(', ')}.
      </p>
    );
  }
  // Remount per product so state never mixes two products' options.
  return <Configurator key={product} product={product} onSale={onSale === 'true'} container={container} />;
}

function Configurator({ product, onSale, container }: { product: ProductId; onSale: boolean; container?: unknown }) {
  const info = productById(product)!;
  const [config, setConfig] = useState<Config>(() => loadInitial(product));
  const touched = useRef(false);
  const [copy, setCopy] = useState<{ state: 'idle' | 'copied' | 'manual'; url?: string }>({ state: 'idle' });
  const price = useMemo(() => priceFor(product, config as never), [product, config]);
  const headingId = useId();
  const root = useRef<HTMLDivElement>(null);

  // The product page's Buy Now (BUY_NOW_TARGET) leads here: the visitor lands on the first choice, focused
  // (issue #29: it jumped to a price table with no button). On load (the link brought this element into
  // view, which is what loads it), on a change of address, and on a press repeated once it is there.
  useEffect(() => {
    const focusFirstChoice = () => {
      if (location.hash !== `#${BUY_NOW_TARGET}`) return;
      const group = root.current?.querySelector('fieldset');
      const first = group?.querySelector<HTMLInputElement>('input:checked') ?? group?.querySelector('input');
      if (!group || !first) return;
      // The customizer in view from its heading ("Choose your kit"), then the first group from its legend,
      // not only the chip scrolled to the screen's edge: what loaded above since the link's jump (the
      // gallery, this element) moved it down (issue #29; the walk found the heading under the header).
      first.focus({ preventScroll: true });
      root.current!.scrollIntoView({ block: 'start' });
    };
    const onClick = (e: MouseEvent) => {
      if ((e.target as Element | null)?.closest?.(`a[href="#${BUY_NOW_TARGET}"]`)) requestAnimationFrame(focusFirstChoice);
    };
    focusFirstChoice();
    addEventListener('hashchange', focusFirstChoice);
    document.addEventListener('click', onClick);
    return () => {
      removeEventListener('hashchange', focusFirstChoice);
      document.removeEventListener('click', onClick);
    };
  }, []);

  useEffect(() => {
    const c = config as unknown as ConfigFor[typeof product];
    if (touched.current) {
      try {
        localStorage.setItem(CONFIGURATOR_KEY_PREFIX + product, serializeConfiguration(product, c));
      } catch {
        /* storage full or disabled: the URL still carries the configuration */
      }
      try {
        history.replaceState(history.state, '', withConfiguration(location.href, product, c));
      } catch {
        /* sandboxed frames may refuse; sharing still works through Copy link */
      }
    }
    emit(hostOf(container), 'kyb-price-change', { product, price: price.total, currency: 'USD', configuration: { ...config } });
  }, [config, price, product, container]);

  /** `value` may be a function of the current value: two quick clicks must not lose the first. */
  const set = (key: string, value: unknown) => {
    touched.current = true;
    setCopy({ state: 'idle' });
    setConfig((c) => ({ ...c, [key]: typeof value === 'function' ? (value as (v: unknown) => unknown)(c[key]) : value }));
  };

  /**
   * The page's cart (kyb-cart) takes the line (`kyb-request-cart`). Where no cart is on the page (a
   * configurator embedded elsewhere), the product's page on the site opens with this configuration.
   */
  const addToCart = () => {
    if (!document.querySelector('kyb-cart')) return location.assign(`${withConfiguration(siteUrl(info.href), product, config as never)}#customize`);
    emit(hostOf(container), 'kyb-request-cart', { add: { product, configuration: { ...config } } });
  };

  const shareUrl = () => withConfiguration(location.href, product, config as never);
  const onCopy = async () => {
    const url = shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      setCopy({ state: 'copied', url });
    } catch {
      // No clipboard permission (insecure origin, iframe): show the link to copy by hand.
      setCopy({ state: 'manual', url });
    }
  };

  return (
    // A group, not a region: the host page already wraps the configurator in its own titled section,
    // and two landmarks with one name confuse screen-reader navigation.
    <div ref={root} className="cfg" part="root" role="group" aria-labelledby={headingId} data-product={product}>
      <h3 className="cfg__heading" part="heading" id={headingId}>
        {product === 'diy-kit' ? 'Your DIY Trinity Loc Kit' : product === 'lock-kit' ? 'Your custom loc kit' : `Your ${info.title}`}
      </h3>
      <div className="cfg__layout">
        <div className="cfg__pickers">
          <Pickers product={product} config={config} set={set} />
        </div>
        <aside className="cfg__summary" part="summary" aria-label="Price summary">
          <p className="cfg__price" part="price">
            <span className="cfg__price-label">Total</span>
            <output className="cfg__price-value" aria-live="polite" data-price={price.total}>
              {formatUSD(price.total)}
            </output>
          </p>
          <ul className="cfg__breakdown" part="breakdown" aria-label="Price breakdown">
            {price.breakdown.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the breakdown is rebuilt whole on each change; position is its identity
              <li key={i}>
                <BreakdownLabel label={l.label} />
                <span>{formatUSD(l.amount)}</span>
              </li>
            ))}
          </ul>
          <div className="cfg__actions" part="actions">
            {info.comingSoon && !onSale ? (
              // Not on sale yet: a waiting list, not a purchase (issue #8).
              <a className="kyb-btn" part="notify" href={siteUrl(`${info.href}#waitlist`)}>
                Join the Waiting List
              </a>
            ) : (
              // Exactly what is chosen goes to the cart (docs/commerce.md#cart); kyb-cart prices it again.
              <button type="button" className="kyb-btn" part="add-to-cart" onClick={addToCart}>
                {ADD_TO_CART}
              </button>
            )}
            <a className="kyb-btn kyb-btn--outline" part="consult" href={bookingLink({ consultation: true })} target="_blank" rel="noopener noreferrer">
              Book Consultation
            </a>
            <button type="button" className="kyb-btn kyb-btn--ghost cfg__copy" part="copy" onClick={onCopy}>
              Copy link
            </button>
            <p className="cfg__copy-status" role="status">
              {copy.state === 'copied' ? 'Link copied' : ''}
            </p>
          </div>
          {copy.state === 'manual' ? (
            <label className="kyb-field cfg__manual">
              <span className="kyb-label">Copy this link</span>
              <input className="kyb-input" readOnly value={copy.url} onFocus={(e) => e.currentTarget.select()} />
            </label>
          ) : null}
          <Notes product={product} onSale={onSale} />
        </aside>
      </div>
      <Tables product={product} />
    </div>
  );
}
