/**
 * `@r2wc/react-to-web-component` in the preact build: the same element for the options core/define.ts
 * passes (`shadow`, `props` of type string, number, boolean or json), rendering with preact directly.
 * The React build keeps the package itself; both must behave alike (tests/browser run on both):
 * - each prop has an attribute, its kebab-case name (`sourcePage` ↔ `source-page`), parsed by its type;
 *   an attribute removed or set to "" keeps the previous value (the package does the same;
 *   widgets/README.md, "Attributes are strings");
 * - setting the property stores the value and writes the attribute (which renders);
 * - the component gets `container` (the shadow root) with the props; it renders while the element is
 *   in the document and is unmounted when it leaves.
 */
import { type ComponentType, h, render } from 'preact';
import './props.ts';

type PropType = 'string' | 'number' | 'boolean' | 'json';
interface Options {
  shadow?: ShadowRootMode;
  props?: Record<string, PropType>;
}

const PARSE: Record<PropType, (value: string) => unknown> = {
  string: (v) => v,
  number: parseFloat,
  boolean: (v) => /^[ty1-9]/i.test(v),
  json: (v) => JSON.parse(v),
};
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export default function r2wc(Component: ComponentType<never>, { shadow, props = {} }: Options = {}) {
  /** attribute → prop */
  const propOf: Record<string, string> = {};
  for (const name in props) propOf[kebab(name)] = name;

  class Element extends HTMLElement {
    static observedAttributes = Object.keys(propOf);
    static {
      for (const attr in propOf) {
        const name = propOf[attr];
        Object.defineProperty(Element.prototype, name, {
          configurable: true,
          enumerable: true,
          get() {
            return this.#values[name];
          },
          set(value: unknown) {
            this.#values[name] = value;
            const text = value == null ? null : props[name] === 'json' ? JSON.stringify(value) : `${value}`;
            if (this.getAttribute(attr) !== text) text == null ? this.removeAttribute(attr) : this.setAttribute(attr, text);
          },
        });
      }
    }
    container: ShadowRoot | HTMLElement = shadow ? this.attachShadow({ mode: shadow }) : this;
    #values: Record<string, unknown> = { container: this.container };
    #connected = false;

    // The browser calls this for every attribute the element already has when it upgrades, too.
    attributeChangedCallback(attr: string, _old: string | null, value: string | null) {
      const name = propOf[attr];
      if (value) this.#values[name] = PARSE[props[name]](value);
      this.#paint();
    }
    connectedCallback() {
      this.#connected = true;
      this.#paint();
    }
    disconnectedCallback() {
      this.#connected = false;
      render(null, this.container);
    }
    #paint() {
      if (this.#connected) render(h(Component, { ...this.#values } as never), this.container);
    }
  }
  return Element;
}
