/**
 * <kyb-loc-configurator product="trinity-locs|irie-locs|jah-locs|diy-kit|lock-kit">
 *
 * The pickers of a product page (docs/catalog.md#product-detail-pages, #limits) with a live price and its breakdown. The configuration
 * is kept per product in localStorage and mirrored in the page's query string, so a reload keeps it and
 * the address (or Copy link) shares it; a link's values win over stored ones.
 *
 * Its attributes, events and parts: widgets/loc-configurator/define.ts.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  DIY_KIT_SHIPPING,
  DIY_KITS,
  IRIE_BASE_PRICE,
  IRIE_LENGTHS,
  JAH_SIZE_ADDERS,
  TRINITY_BASE_PRICE,
  JAH_DEPOSIT_NOTE,
  JAH_PROCESSING_TIME,
  JAH_QUANTITIES,
  KIT_BUILDER,
  LENGTH_BANDS,
  LOC_COLORS,
  LOCS_PER_BUNDLE,
  MULTI_TONE_PRICE,
  SIZES,
  TRINITY_LENGTHS,
  colorSwatch,
  productById,
  type ColorId,
  type ProductId,
  colorAdder,
  factorPrice,
  formatAdder,
  formatUSD,
  priceFor,
  priceJah,
  type ConfigFor,
  bookingLink,
} from '../core/shared.ts';
import { siteUrl } from '../core/config.ts';
import { emit } from '../core/events.ts';
import { hostOf } from '../core/define.ts';
import { isConfigurableProduct, orderLink, resolveConfiguration, serializeConfiguration, storageKeyFor, withConfiguration, CONFIGURABLE_PRODUCTS } from './configuration.ts';

export interface LocConfiguratorProps {
  product?: string;
  container?: unknown;
}

type Config = Record<string, unknown>;

function readStored(product: ProductId): string | null {
  try {
    return localStorage.getItem(storageKeyFor(product));
  } catch {
    return null; // storage disabled (privacy mode): the configuration just will not survive a reload
  }
}

function loadInitial(product: ProductId): Config {
  const r = resolveConfiguration(product, { url: location.search, stored: readStored(product) });
  if (r.rejected.length) console.warn(`kyb-loc-configurator: ignored unknown ${r.rejected.join(', ')} in the link for ${product}`);
  return r.config as unknown as Config;
}

export function LocConfigurator({ product, container }: LocConfiguratorProps) {
  if (!isConfigurableProduct(product)) {
    return (
      <p className="error" part="error" role="alert">
        Unknown product “{String(product ?? '')}”. Set product to one of: {CONFIGURABLE_PRODUCTS.join(', ')}.
      </p>
    );
  }
  // Remount per product so state never mixes two products' options.
  return <Configurator key={product} product={product} container={container} />;
}

function Configurator({ product, container }: { product: ProductId; container?: unknown }) {
  const info = productById(product)!;
  const [config, setConfig] = useState<Config>(() => loadInitial(product));
  const touched = useRef(false);
  const [copy, setCopy] = useState<{ state: 'idle' | 'copied' | 'manual'; url?: string }>({ state: 'idle' });
  const price = useMemo(() => priceFor(product, config as never), [product, config]);
  const headingId = useId();

  useEffect(() => {
    const c = config as unknown as ConfigFor[typeof product];
    if (touched.current) {
      try {
        localStorage.setItem(storageKeyFor(product), serializeConfiguration(product, c));
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
    <div className="cfg" part="root" role="group" aria-labelledby={headingId} data-product={product}>
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
                <span>{l.label}</span>
                <span>{formatUSD(l.amount)}</span>
              </li>
            ))}
          </ul>
          <div className="cfg__actions" part="actions">
            {info.comingSoon ? (
              // Not on sale yet: a waiting list, not a purchase (issue #8).
              <a className="kyb-btn" part="notify" href={siteUrl(`${info.href}#waitlist`)}>
                Join the Waiting List
              </a>
            ) : (
              <a className="kyb-btn" part="buy" href={orderLink(product, config as never, price.total)} target="_blank" rel="noopener noreferrer">
                Buy Now
              </a>
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
          <Notes product={product} />
        </aside>
      </div>
      <Tables product={product} />
    </div>
  );
}

// ---------------------------------------------------------------- pickers

interface PickerProps {
  product: ProductId;
  config: Config;
  set: (key: string, value: unknown) => void;
}

function Pickers({ product, config, set }: PickerProps) {
  switch (product) {
    case 'trinity-locs':
    case 'irie-locs': {
      const base = product === 'trinity-locs' ? TRINITY_BASE_PRICE : IRIE_BASE_PRICE;
      const lengths = product === 'trinity-locs' ? TRINITY_LENGTHS : IRIE_LENGTHS;
      return (
        <>
          <RadioGroup
            legend="Length"
            name="length"
            value={String(config.length)}
            onChange={(v) => set('length', Number(v))}
            options={lengths.map((l) => ({ value: String(l.inches), label: `${l.inches} in`, hint: formatUSD(factorPrice(base, l.factor)) }))}
          />
          <SizeGroup value={config.size as string} onChange={(v) => set('size', v)} />
          <ColorGroup value={config.color as ColorId} onChange={(v) => set('color', v)} adder={colorAdder} />
        </>
      );
    }
    case 'jah-locs':
      return (
        <>
          <RadioGroup
            legend="Length"
            name="length"
            value={String(config.length)}
            onChange={(v) => set('length', v)}
            options={LENGTH_BANDS.map((b) => ({ value: b.id, label: b.label }))}
          />
          <SizeGroup value={config.size as string} onChange={(v) => set('size', v)} adders={JAH_SIZE_ADDERS} perBundle />
          <ColorGroup value={config.color as ColorId} onChange={(v) => set('color', v)} adder={colorAdder} />
          <RadioGroup
            legend="Bundle quantity"
            name="quantity"
            value={String(config.quantity)}
            onChange={(v) => set('quantity', Number(v))}
            options={JAH_QUANTITIES.map((q) => ({ value: String(q), label: `${q} locs`, hint: `${q / LOCS_PER_BUNDLE} bundle${q > LOCS_PER_BUNDLE ? 's' : ''}` }))}
          />
        </>
      );
    case 'diy-kit':
      return (
        <fieldset className="cfg__group" part="group">
          <legend className="cfg__legend">Kit</legend>
          <div className="cfg__kits">
            {DIY_KITS.map((k) => (
              <label key={k.id} className="cfg__kit" part="option">
                <input type="radio" name="kit" value={k.id} checked={config.kit === k.id} onChange={() => set('kit', k.id)} />
                <span className="cfg__kit-body">
                  <span className="cfg__kit-head">
                    <span className="cfg__kit-name">{k.name}</span>
                    <span className="cfg__kit-price">{formatUSD(k.price)}</span>
                  </span>
                  <span className="cfg__kit-desc">{k.description}</span>
                  <span className="cfg__kit-includes">Includes: {k.includes.join(', ')}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'lock-kit': {
      const k = KIT_BUILDER;
      const addOns = (config.addOns as string[]) ?? [];
      return (
        <>
          <RadioGroup
            legend="Size"
            name="size"
            value={String(config.size)}
            onChange={(v) => set('size', v)}
            options={k.sizes.map((s) => ({ value: s.value, label: s.label, hint: [SIZES.find((x) => x.id === s.value)?.width, formatAdder(s.add)].filter(Boolean).join(' · ') }))}
          />
          <RadioGroup
            legend="Number of locs"
            name="count"
            value={String(config.count)}
            onChange={(v) => set('count', Number(v))}
            options={k.counts.map((c) => ({ value: String(c.value), label: c.label, hint: formatAdder(c.add) }))}
          />
          <RadioGroup
            legend="Length"
            name="length"
            value={String(config.length)}
            onChange={(v) => set('length', v)}
            options={k.lengths.map((l) => ({ value: l.value, label: l.label, hint: formatAdder(l.add) }))}
          />
          <RadioGroup
            legend="Color"
            name="color"
            value={String(config.color)}
            onChange={(v) => set('color', v)}
            swatches
            options={k.colors.map((c) => ({ value: c.value, label: c.label, hint: formatAdder(c.add), swatch: colorSwatch(c.value) }))}
          />
          <fieldset className="cfg__group" part="group">
            <legend className="cfg__legend">Add-ons</legend>
            <div className="cfg__options">
              {k.addOns.map((a) => (
                <label key={a.value} className="cfg__option" part="option">
                  <input
                    type="checkbox"
                    name="addons"
                    value={a.value}
                    checked={addOns.includes(a.value)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      // Keep catalog order so the link and the breakdown read the same every time.
                      set('addOns', (prev: unknown) => {
                        const had = (prev as string[] | undefined) ?? [];
                        return k.addOns.map((x) => x.value).filter((v) => (v === a.value ? on : had.includes(v)));
                      });
                    }}
                  />
                  <span className="cfg__option-body">
                    <span className="cfg__option-label">{a.label}</span>
                    <span className="cfg__option-hint">{formatAdder(a.add)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </>
      );
    }
  }
}

function SizeGroup({ value, onChange, adders, perBundle }: { value: string; onChange: (v: string) => void; adders?: Record<string, number>; perBundle?: boolean }) {
  return (
    <RadioGroup
      legend="Size"
      name="size"
      value={value}
      onChange={onChange}
      options={SIZES.map((s) => ({
        value: s.id,
        label: s.label,
        hint: [s.width, adders?.[s.id] ? `${formatAdder(adders[s.id])}${perBundle ? ' per bundle' : ''}` : ''].filter(Boolean).join(' · '),
      }))}
    />
  );
}

function ColorGroup({ value, onChange, adder }: { value: ColorId; onChange: (v: string) => void; adder: (c: ColorId) => number }) {
  return (
    <RadioGroup
      legend="Color"
      name="color"
      value={value}
      onChange={onChange}
      swatches
      options={LOC_COLORS.map((c) => ({ value: c.value, label: c.label, hint: formatAdder(adder(c.value)), swatch: c.swatch }))}
    />
  );
}

interface Option {
  value: string;
  label: string;
  hint?: string;
  swatch?: string;
}

/** Native radios in a fieldset: arrow keys, labels and the group name come from the platform. */
function RadioGroup({
  legend,
  name,
  value,
  options,
  onChange,
  swatches,
}: {
  legend: string;
  name: string;
  value: string;
  options: Option[];
  onChange: (v: string) => void;
  swatches?: boolean;
}) {
  const chosen = options.find((o) => o.value === value);
  return (
    <fieldset className="cfg__group" part="group" data-group={name}>
      <legend className="cfg__legend">
        {legend}
        {chosen ? <span className="cfg__chosen">: {chosen.label}</span> : null}
      </legend>
      <div className={`cfg__options${swatches ? ' cfg__options--swatches' : ''}`}>
        {options.map((o) => (
          <label key={o.value} className="cfg__option" part="option">
            <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
            <span className="cfg__option-body">
              {o.swatch ? <span className="cfg__swatch" part="swatch" aria-hidden="true" style={{ background: o.swatch }} /> : null}
              <span className="cfg__option-label">{o.label}</span>
              {o.hint ? <span className="cfg__option-hint">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------- tables and notes

function Tables({ product }: { product: ProductId }): ReactNode {
  if (product === 'jah-locs') {
    return (
      <div className="cfg__table-wrap">
        <table className="cfg__table" part="table">
          <caption>Jah Locs pricing, per bundle of {LOCS_PER_BUNDLE} locs</caption>
          <thead>
            <tr>
              <th scope="col">Length</th>
              {SIZES.map((s) => (
                <th scope="col" key={s.id}>
                  {s.label} <span className="cfg__muted">({s.width})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LENGTH_BANDS.map((b) => (
              <tr key={b.id}>
                <th scope="row">{b.label}</th>
                {SIZES.map((s) => (
                  <td key={s.id}>{formatUSD(priceJah({ length: b.id, size: s.id, color: 'black', quantity: LOCS_PER_BUNDLE as 20 }).total)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="cfg__note" part="note">
          40 locs are 2 bundles and 60 locs 3 bundles. Multi-tone custom color {formatAdder(MULTI_TONE_PRICE)} per order.
        </p>
      </div>
    );
  }
  if (product === 'diy-kit') {
    return (
      <div className="cfg__table-wrap">
        <table className="cfg__table" part="table">
          <caption>DIY Trinity Loc Kit pricing</caption>
          <thead>
            <tr>
              <th scope="col">Kit</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {DIY_KITS.map((k) => (
              <tr key={k.id}>
                <th scope="row">{k.name}</th>
                <td>{formatUSD(k.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return null;
}

function Notes({ product }: { product: ProductId }): ReactNode {
  const notes: string[] = [];
  if (product === 'jah-locs') notes.push(`Processing time: ${JAH_PROCESSING_TIME}`, JAH_DEPOSIT_NOTE);
  if (product === 'diy-kit') notes.push(DIY_KIT_SHIPPING);
  if (product === 'lock-kit') notes.push(KIT_BUILDER.shipping, KIT_BUILDER.finalSale);
  if (!notes.length) return null;
  return (
    <ul className="cfg__notes" part="note">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
