/**
 * @r2wc/react-to-web-component with one fix, as a wrapper (not a patch of the package: the package stays
 * as npm ships it). r2wc starts every element as connected (its `r2wc.connected` field is true from the
 * constructor on), so when a page's element is upgraded, each attribute it already has renders it
 * (attributeChangedCallback runs before connectedCallback) and connectedCallback renders it again: two
 * renders or more where one is due, each synchronous under preact/compat, and an element created with
 * `createElement` renders while still detached. Here an element is connected from connectedCallback on,
 * as the platform says, so an upgrade renders once with every attribute read. The browser test
 * tests/browser/runtime-parity.test.ts counts it (widgets/README.md, "Builds").
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';

const CONNECTED = Symbol.for('r2wc.connected');

export default function r2wcOnce<Props extends object>(component: ComponentType<Props>, options?: Parameters<typeof r2wc<Props>>[1]): CustomElementConstructor {
  const Base = r2wc(component, options) as unknown as CustomElementConstructor;
  return class extends Base {
    constructor() {
      super();
      (this as unknown as Record<symbol, boolean>)[CONNECTED] = false;
    }
  };
}
