/**
 * The option pickers of each configurable product (docs/catalog.md#product-detail-pages): which
 * groups a product has and what each option adds to the price. The state lives in LocConfigurator.tsx.
 */
import {
  DIY_KITS,
  IRIE_BASE_PRICE,
  IRIE_LENGTHS,
  JAH_SIZE_ADDERS,
  TRINITY_BASE_PRICE,
  JAH_QUANTITIES,
  KIT_BUILDER,
  LENGTH_BANDS,
  LOC_COLORS,
  LOCS_PER_BUNDLE,
  SIZES,
  TRINITY_LENGTHS,
  colorSwatch,
  type ColorId,
  type ProductId,
  colorAdder,
  factorPrice,
  formatAdder,
  formatUSD,
} from '../core/domain.ts';
import { RadioGroup } from './RadioGroup.tsx';

/** The current choices, keyed by option (the shape configuration.ts reads and writes). */
export type Config = Record<string, unknown>;

export interface PickerProps {
  product: ProductId;
  config: Config;
  set: (key: string, value: unknown) => void;
}

export function Pickers({ product, config, set }: PickerProps) {
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
