/**
 * `react` in the shipped build (scripts/vite/runtime.ts aliases it here; react-dom and the JSX runtimes go
 * to preact/compat directly): preact/compat, all of it, plus the one React behaviour it leaves out that the
 * widgets use.
 *
 * `autoFocus` on a button, input, select or textarea: React focuses the element when it mounts and writes
 * no attribute; preact writes the `autofocus` attribute, which the browser honours only at page load or
 * when a dialog opens, so a field that appears later (a form switched inside an open dialog) was not
 * focused. Here the prop becomes a ref that focuses the element the first time it is attached. Preact's
 * maintainers leave this to applications on purpose (it is React behaviour, not DOM behaviour), so it
 * lives here, with its test (tests/browser/runtime-parity.test.ts, on both builds).
 */
import { options, type Ref, type VNode } from 'preact';

// @ts-expect-error compat's types are one `export =` namespace, which `export *` cannot name; its module is plain ES exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

const FOCUSES = /^(?:button|input|select|textarea)$/;
/** Elements whose first attach has been seen: React focuses on mount only, never on a later render. */
const seen = new WeakSet<Element>();

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown };
  if (typeof vnode.type === 'string' && 'autoFocus' in props) {
    const wants = !!props.autoFocus && FOCUSES.test(vnode.type);
    delete props.autoFocus;
    const own = vnode.ref as Ref<Element> | undefined;
    vnode.ref = (el: Element | null) => {
      if (el && !seen.has(el)) {
        seen.add(el);
        if (wants) (el as HTMLElement).focus();
      }
      if (typeof own === 'function') return own(el);
      if (own) own.current = el;
    };
  }
  previous?.(vnode);
};
