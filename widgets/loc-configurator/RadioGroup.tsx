/** One option group of the configurator (length, size, color, quantity, kit options). */

interface Option {
  value: string;
  label: string;
  hint?: string;
  swatch?: string;
}

/** Native radios in a fieldset: arrow keys, labels and the group name come from the platform. */
export function RadioGroup({
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
