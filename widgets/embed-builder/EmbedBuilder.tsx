/**
 * <kyb-embed-builder>: /admin/embed (issue #22; docs/admin.md#embed-builder, docs/embedding.md). Behind the
 * admin gate (core/admin-gate.tsx), though nothing here is secret: every snippet holds public values
 * only (the site's address, the backend URL and the anon key). It sits with the business's other tools.
 *
 * 1. Element: one of the public elements of ui/embeds.ts, and its attributes (the product of
 *    the reviews; where a sign-up form is shown).
 * 2. Look: light or dark, accent, text and background colour, corner radius, font (widgets/embed/theme.ts),
 *    with a warning when text or accent would be hard to read.
 * 3. Preview: this site's real /embed page at 390 and 1280 px (Preview.tsx), live.
 * 4. Copy: the script tag, the iframe (with the optional resizer line) and the plain link
 *    (widgets/embed/snippets.ts), each with where it works.
 * Then the /links click counts (LinkClicks.tsx).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { AdminGate, type AdminPanelProps } from '../core/admin-gate.tsx';
import { getConfig } from '../core/config.ts';
import { EMBEDS, type Embed, type EmbedAttr, embedByPath } from '../../ui/embeds.ts';
import { type Backend, type Choice, embedUrl, iframeSnippet, linkSnippet, scriptSnippet } from '../embed/snippets.ts';
import { DEFAULT_LOOK, FONTS, type FontId, type Look, RADIUS_MAX, colorsOf, contrast, hexColor } from '../embed/theme.ts';
import { CodeBox } from './CodeBox.tsx';
import { LinkClicks } from './LinkClicks.tsx';
import { Preview } from './Preview.tsx';

export interface EmbedBuilderProps {
  container?: unknown;
}

export function EmbedBuilder({ container }: EmbedBuilderProps) {
  return <AdminGate container={container} prefix="eb" denied="Your account does not have access to the embed builder." Panel={Panel} />;
}

/** The previews reload this long after the last change (a colour picker sends a change per movement). */
const PREVIEW_DELAY_MS = 400;
/** WCAG AA: body text 4.5:1; the accent (buttons' outline, links, stars) 3:1 against the background. */
const TEXT_CONTRAST = 4.5;
const ACCENT_CONTRAST = 3;

function Panel({ toast }: AdminPanelProps) {
  return (
    <div className="eb__panel">
      <Builder />
      <LinkClicks toast={toast} />
    </div>
  );
}

function Builder() {
  const id = useId();
  const [path, setPath] = useState('newsletter');
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});
  const [look, setLook] = useState<Look>(DEFAULT_LOOK);
  const [resizer, setResizer] = useState(true);
  const embed = embedByPath(path) ?? EMBEDS[0];
  const choice: Choice = { embed, attrs: values[embed.path], look };

  // The snippets carry the site's public address and the backend the page itself uses.
  const backend = useMemo<Backend | null>(() => {
    try {
      const c = getConfig();
      return { site: c.siteOrigin, supabaseUrl: c.supabaseUrl, anonKey: c.supabaseAnonKey };
    } catch (e) {
      console.error('[kyb-embed-builder]', e);
      return null;
    }
  }, []);

  // The previews show this site's own /embed page (frame-src 'self').
  const previewSrc = embedUrl(location.origin, choice);
  const [shown, setShown] = useState(previewSrc);
  useEffect(() => {
    const t = setTimeout(() => setShown(previewSrc), PREVIEW_DELAY_MS);
    return () => clearTimeout(t);
  }, [previewSrc]);

  const setAttr = (a: EmbedAttr, v: string) => setValues((all) => ({ ...all, [embed.path]: { ...all[embed.path], [a.name]: v } }));
  const colors = colorsOf(look);
  const textContrast = contrast(colors.text, colors.background);
  const accentContrast = contrast(colors.accent, colors.background);

  return (
    <section className="eb" aria-labelledby={`${id}-h`}>
      <h2 className="eb__heading kyb-sr-only" id={`${id}-h`}>
        Build an embed
      </h2>
      <div className="eb__controls">
        <fieldset className="eb-group kyb-card" part="elements">
          <legend className="eb-group__legend">1. Element</legend>
          <div className="eb-choices">
            {EMBEDS.map((e) => (
              <label key={e.path} className="eb-choice" part="element">
                <input type="radio" name={`${id}-element`} value={e.path} checked={e.path === embed.path} onChange={() => setPath(e.path)} />
                <span>
                  <span className="eb-choice__name">{e.name}</span>
                  <span className="eb-choice__summary">{e.summary}</span>
                </span>
              </label>
            ))}
          </div>
          {embed.attrs.length ? (
            <div className="eb-attrs" part="attributes">
              {embed.attrs.map((a) => (
                <AttrField key={`${embed.path}-${a.name}`} attr={a} value={values[embed.path]?.[a.name] ?? a.default} onValue={(v) => setAttr(a, v)} />
              ))}
            </div>
          ) : null}
        </fieldset>

        <fieldset className="eb-group kyb-card" part="look">
          <legend className="eb-group__legend">2. Look</legend>
          <fieldset className="eb-row">
            <legend className="kyb-label">Theme</legend>
            {(['light', 'dark'] as const).map((s) => (
              <label key={s} className="eb-inline">
                <input type="radio" name={`${id}-scheme`} value={s} checked={look.scheme === s} onChange={() => setLook((l) => ({ ...l, scheme: s }))} />
                {s === 'light' ? 'Light' : 'Dark'}
              </label>
            ))}
          </fieldset>
          <div className="eb-colors">
            {(
              [
                ['accent', 'Accent (buttons, links, stars)'],
                ['text', 'Text'],
                ['background', 'Background of cards and fields'],
              ] as const
            ).map(([k, label]) => (
              <div key={k} className="eb-color">
                <input
                  id={`${id}-${k}`}
                  type="color"
                  className="eb-color__swatch"
                  value={colors[k]}
                  onInput={(e) => {
                    const v = hexColor(e.currentTarget.value);
                    setLook((l) => ({ ...l, [k]: v }));
                  }}
                />
                <label className="kyb-label" htmlFor={`${id}-${k}`}>
                  {label}
                </label>
                <span className="eb-color__value">{colors[k]}</span>
              </div>
            ))}
          </div>
          <div className="kyb-field">
            <label className="kyb-label" htmlFor={`${id}-radius`}>
              {`Corner radius: ${look.radius ?? 12} px`}
            </label>
            <input
              id={`${id}-radius`}
              type="range"
              className="eb-range"
              min={0}
              max={RADIUS_MAX}
              value={look.radius ?? 12}
              onInput={(e) => {
                const r = Number(e.currentTarget.value);
                setLook((l) => ({ ...l, radius: r }));
              }}
            />
          </div>
          <div className="kyb-field">
            <label className="kyb-label" htmlFor={`${id}-font`}>
              Font
            </label>
            <select id={`${id}-font`} className="kyb-select" value={look.font} onChange={(e) => setLook((l) => ({ ...l, font: e.currentTarget.value as FontId }))}>
              {(Object.keys(FONTS) as FontId[]).map((f) => (
                <option key={f} value={f}>
                  {FONTS[f].label}
                </option>
              ))}
            </select>
            <p className="kyb-hint">Site default: the KYB pairing in the iframe and the link; your page’s own font with the script tag.</p>
          </div>
          {textContrast < TEXT_CONTRAST || accentContrast < ACCENT_CONTRAST ? (
            <ul className="eb-contrast" part="contrast" aria-live="polite">
              {textContrast < TEXT_CONTRAST ? <li>{`Text on this background is hard to read (${textContrast.toFixed(1)}:1; aim for at least ${TEXT_CONTRAST}:1).`}</li> : null}
              {accentContrast < ACCENT_CONTRAST ? (
                <li>{`The accent is hard to see on this background (${accentContrast.toFixed(1)}:1; aim for at least ${ACCENT_CONTRAST}:1).`}</li>
              ) : null}
            </ul>
          ) : null}
          <button type="button" className="kyb-btn kyb-btn--outline" onClick={() => setLook(DEFAULT_LOOK)}>
            Reset look
          </button>
        </fieldset>
      </div>

      <section className="eb-previews" part="previews" aria-labelledby={`${id}-preview`}>
        <h3 className="eb__subheading" id={`${id}-preview`}>
          3. Preview
        </h3>
        <p className="eb__lead">The embed as it shows on a page, live: a sign-up sent from here is stored like any other.</p>
        <div className="eb-previews__grid">
          <Preview src={shown} width={390} initialHeight={embed.height} label="Phone, 390 px" title={`${embed.frameTitle}: phone preview`} dark={look.scheme === 'dark'} />
          <Preview src={shown} width={1280} initialHeight={embed.height} label="Desktop, 1280 px" title={`${embed.frameTitle}: desktop preview`} dark={look.scheme === 'dark'} />
        </div>
      </section>

      <section className="eb-forms" aria-labelledby={`${id}-copy`}>
        <h3 className="eb__subheading" id={`${id}-copy`}>
          4. Copy the embed
        </h3>
        {backend ? (
          <Forms backend={backend} choice={choice} embed={embed} resizer={resizer} onResizer={setResizer} />
        ) : (
          <p>This page names no backend, so no embed code can be made here.</p>
        )}
      </section>
    </section>
  );
}

function AttrField({ attr, value, onValue }: { attr: EmbedAttr; value: string; onValue: (v: string) => void }) {
  const id = useId();
  return (
    <div className="kyb-field">
      <label className="kyb-label" htmlFor={id}>
        {attr.label}
      </label>
      {attr.options ? (
        <select id={id} className="kyb-select" value={value} onChange={(e) => onValue(e.currentTarget.value)}>
          {attr.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="kyb-input"
          type="text"
          value={value}
          maxLength={attr.maxLength}
          aria-describedby={attr.hint ? `${id}-hint` : undefined}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      )}
      {attr.hint ? (
        <p className="kyb-hint" id={`${id}-hint`}>
          {attr.hint}
        </p>
      ) : null}
    </div>
  );
}

interface FormsProps {
  backend: Backend;
  choice: Choice;
  embed: Embed;
  resizer: boolean;
  onResizer: (on: boolean) => void;
}

function Forms({ backend, choice, embed, resizer, onResizer }: FormsProps) {
  const id = useId();
  const link = linkSnippet(backend, choice);
  return (
    <div className="eb-forms__grid" part="forms">
      <CodeBox
        title="Script tag"
        what="script tag"
        rows={8}
        code={scriptSnippet(backend, choice)}
        note="For website builders and pages that let you paste HTML with scripts, such as a custom-code or embed-code block. The element becomes part of your page: it takes the page's width and grows with its content. If the platform runs pasted code inside a frame of its own, the iframe below fits better."
      />
      <CodeBox
        title="Iframe"
        what="iframe code"
        rows={resizer ? 7 : 5}
        code={iframeSnippet(backend, choice, { resizer })}
        note={`For platforms that accept an iframe or embed code but remove scripts. The second line is optional: where it is kept, it resizes the frame to fit its content; without it the frame stays ${embed.height} px tall and scrolls inside when the content is longer.`}
      >
        <label className="eb-inline" htmlFor={`${id}-resizer`}>
          <input id={`${id}-resizer`} type="checkbox" checked={resizer} onChange={(e) => onResizer(e.currentTarget.checked)} />
          Include the resizer line
        </label>
      </CodeBox>
      <CodeBox
        title="Link"
        what="link"
        rows={3}
        code={link}
        note="For link-in-bio services, buttons, e-mails and anywhere that only takes a web address: it opens the embed on a page of its own."
      >
        <a className="kyb-link" part="open" href={link} target="_blank" rel="noopener">
          Open the link
          <span className="kyb-sr-only"> (opens in a new tab)</span>
        </a>
      </CodeBox>
    </div>
  );
}
