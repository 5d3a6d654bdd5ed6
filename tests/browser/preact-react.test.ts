/**
 * The preact build's stand-ins for react, react-dom and @r2wc/react-to-web-component
 * (widgets/core/preact-react/), from source, in Chromium: the React behaviours the widgets rely on and
 * preact alone does not have. Each check fails without the normalising it names (props.ts) or with an
 * element class that does not follow r2wc's contract (r2wc.ts). The built bundles are checked by every
 * other file here, on both builds.
 */
import { render } from 'preact';
import { createElement as h, useState } from '../../widgets/core/preact-react/react.ts';
import r2wc from '../../widgets/core/preact-react/r2wc.ts';
import { assert, equal, sendKeys, waitFor } from './support/helpers.ts';

const host = () => {
  const div = document.createElement('div');
  document.getElementById('app').append(div);
  return div;
};
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => document.getElementById('app').replaceChildren());

/** onChange calls of the field test's textarea, checkbox and select. */
const changes: string[] = [];
function Field() {
  const [v, setV] = useState('');
  return h('div', null, [
    h('input', { key: 'i', id: 'f', value: v, onChange: (e: Event) => setV((e.currentTarget as HTMLInputElement).value) }),
    h('output', { key: 'o' }, v),
    h('textarea', { key: 't', id: 't', onChange: (e: Event) => changes.push(`t:${(e.currentTarget as HTMLTextAreaElement).value}`) }),
    h('input', { key: 'c', id: 'c', type: 'checkbox', onChange: (e: Event) => changes.push(`c:${e.type}`) }),
    h('select', { key: 's', id: 's', onChange: (e: Event) => changes.push(`s:${e.type}`) }, [h('option', { key: 1 }, 'a'), h('option', { key: 2 }, 'b')]),
  ]);
}

function Probe(p: { slug?: string; count?: number; on?: boolean; data?: { a: number }; container?: ShadowRoot }) {
  return h('p', null, `${p.slug}|${p.count}|${p.on}|${JSON.stringify(p.data)}|${p.container instanceof ShadowRoot}`);
}

describe('core/preact-react: React semantics on preact', () => {
  it("fires a text field's onChange on every keystroke, a checkbox's and a select's on change", async () => {
    const seen = changes;
    seen.length = 0;
    const el = host();
    render(h(Field, null), el);
    el.querySelector<HTMLInputElement>('#f').focus();
    await sendKeys({ type: 'ab' });
    // Still focused: no change event yet, only input events.
    await waitFor(() => el.querySelector('output').textContent === 'ab', 'state follows each keystroke');
    el.querySelector<HTMLTextAreaElement>('#t').focus();
    await sendKeys({ type: 'x' });
    equal(seen.join(','), 't:x', 'textarea onChange on input');
    seen.length = 0;
    el.querySelector<HTMLInputElement>('#c').click();
    const s = el.querySelector('select');
    s.value = 'b';
    s.dispatchEvent(new Event('input', { bubbles: true }));
    s.dispatchEvent(new Event('change', { bubbles: true }));
    equal(seen.join(','), 'c:change,s:change', 'checkbox and select listen to change, once each');
  });

  it('lets a parent hear focus and blur of its children (focusin/focusout) and maps onDoubleClick', async () => {
    const seen: string[] = [];
    const el = host();
    render(h('div', { onFocus: () => seen.push('focus'), onBlur: () => seen.push('blur'), onDoubleClick: () => seen.push('dbl') }, h('button', { type: 'button' }, 'x')), el);
    const b = el.querySelector('button');
    b.focus();
    b.blur();
    b.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    equal(seen.join(','), 'focus,blur,dbl', 'events heard on the parent');
  });

  it('writes camelCase SVG presentation attributes hyphenated, and leaves SVG camelCase names alone', () => {
    const el = host();
    render(
      h('svg', { viewBox: '0 0 10 10' }, [
        h('text', { key: 1, textAnchor: 'middle', fontSize: 15, fillOpacity: '0.5', strokeWidth: 2, textLength: '8' }, 'A'),
        h('marker', { key: 2, markerWidth: '3' }),
        h('clipPath', { key: 3, clipPathUnits: 'objectBoundingBox' }),
        h('path', { key: 4, strokeLinecap: 'round', clipRule: 'evenodd', d: 'M0 0' }),
      ]),
      el,
    );
    const t = el.querySelector('text');
    equal(['text-anchor', 'font-size', 'fill-opacity', 'stroke-width', 'textLength'].map((a) => t.getAttribute(a)).join(' '), 'middle 15 0.5 2 8', 'text attributes');
    assert(!t.hasAttribute('textAnchor') && !t.hasAttribute('strokeWidth'), 'no camelCase presentation attribute');
    equal(el.querySelector('svg').getAttribute('viewBox'), '0 0 10 10', 'viewBox kept');
    equal(el.querySelector('marker').getAttribute('markerWidth'), '3', 'markerWidth kept');
    equal(el.querySelector('clipPath').getAttribute('clipPathUnits'), 'objectBoundingBox', 'clipPathUnits kept');
    equal(`${el.querySelector('path').getAttribute('stroke-linecap')} ${el.querySelector('path').getAttribute('clip-rule')}`, 'round evenodd', 'path attributes');
  });

  it('gives numbers in a style object pixels, except unitless properties and custom properties', () => {
    const el = host();
    render(h('div', { style: { width: 12, marginTop: 3, opacity: 0.5, zIndex: 2, lineHeight: 1.5, '--cols': 4 } }), el);
    const st = el.querySelector('div').style;
    equal([st.width, st.marginTop, st.opacity, st.zIndex, st.lineHeight, st.getPropertyValue('--cols')].join(' '), '12px 3px 0.5 2 1.5 4', 'style values');
  });
});

describe('core/preact-react: the r2wc element', () => {
  customElements.define('kyb-probe-r2wc', r2wc(Probe as never, { shadow: 'open', props: { slug: 'string', count: 'number', on: 'boolean', data: 'json' } }));
  const shown = (el: Element) => el.shadowRoot.textContent;

  it('parses kebab-case attributes by type, renders into the open shadow root with container, and reflects properties', async () => {
    const wrap = host();
    wrap.innerHTML = `<kyb-probe-r2wc slug="irie" count="2.5" on="true" data='{"a":1}'></kyb-probe-r2wc>`;
    const el = wrap.firstElementChild as HTMLElement & { slug: string; count: number };
    equal(shown(el), 'irie|2.5|true|{"a":1}|true', 'first render');
    el.setAttribute('count', '7');
    equal(shown(el), 'irie|7|true|{"a":1}|true', 'attribute change renders');
    el.slug = 'jah';
    equal(el.getAttribute('slug'), 'jah', 'property written to the attribute');
    equal(shown(el), 'jah|7|true|{"a":1}|true', 'and rendered');
    equal(el.slug, 'jah', 'property reads back');
    el.removeAttribute('slug');
    equal(shown(el), 'jah|7|true|{"a":1}|true', 'a removed attribute keeps the previous value (as r2wc)');
  });

  it('does not render while detached, unmounts when removed and renders again when put back', async () => {
    const el = document.createElement('kyb-probe-r2wc');
    el.setAttribute('slug', 'a');
    equal(el.shadowRoot.childNodes.length, 0, 'nothing rendered before it is in the document');
    const wrap = host();
    wrap.append(el);
    equal(shown(el), 'a|undefined|undefined|undefined|true', 'rendered when connected');
    el.remove();
    await settle();
    equal(el.shadowRoot.childNodes.length, 0, 'unmounted when removed');
    wrap.append(el);
    equal(shown(el), 'a|undefined|undefined|undefined|true', 'rendered again');
  });
});
