/**
 * kyb-tabs (docs/catalog.md#product-detail-pages: the kit page's tabs Details, How It Works, Materials, Care): turns prerendered
 * in-page links and sections in its light DOM into the WAI-ARIA tabs pattern.
 *
 *   <kyb-tabs>
 *     <ul data-tabs> <li><a href="#details">Details</a></li> … </ul>
 *     <section id="details">…</section> …
 *   </kyb-tabs>
 *
 * Upgraded: the list is a `tablist`, each link a `tab` (aria-selected, aria-controls, roving tabindex),
 * each section its `tabpanel`; one panel shows. Click or Enter selects; Left/Right (wrapping), Home and
 * End move and select (automatic activation). A `#id` of a panel in the address selects it on load.
 * Everything stays in the light DOM, so ids and ARIA references work and page CSS styles it.
 * Without JavaScript the links jump to the sections, all of which are shown (issue #8: the page had
 * anchor links dressed as tabs with every panel shown at once).
 */
import { useLayoutEffect } from 'react';
import { hostOf } from '../core/define.ts';

export interface TabsProps {
  container?: ShadowRoot;
}

export function Tabs({ container }: TabsProps) {
  useLayoutEffect(() => {
    const host = hostOf(container);
    const list = host?.querySelector<HTMLElement>('[data-tabs]');
    if (!host || !list) return;
    const tabs = [...list.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
    const panels = tabs.map((t) => host.querySelector<HTMLElement>(`[id="${CSS.escape(t.hash.slice(1))}"]`));
    if (!tabs.length || panels.some((p) => !p)) return;

    list.setAttribute('role', 'tablist');
    for (const li of list.children) li.setAttribute('role', 'presentation');
    tabs.forEach((t, i) => {
      const p = panels[i]!;
      t.id ||= `${p.id}-tab`;
      t.setAttribute('role', 'tab');
      t.setAttribute('aria-controls', p.id);
      p.setAttribute('role', 'tabpanel');
      p.setAttribute('aria-labelledby', t.id);
      p.tabIndex = 0;
    });

    const select = (i: number, focus = false) => {
      tabs.forEach((t, j) => {
        t.setAttribute('aria-selected', String(i === j));
        t.tabIndex = i === j ? 0 : -1;
        panels[j]!.hidden = i !== j;
      });
      if (focus) tabs[i].focus();
    };
    const initial = tabs.findIndex((t) => t.hash === location.hash);
    select(Math.max(0, initial));

    const onClick = (e: MouseEvent) => {
      const i = tabs.indexOf((e.target as Element).closest('a') as HTMLAnchorElement);
      if (i < 0) return;
      e.preventDefault();
      select(i, true);
    };
    const onKey = (e: KeyboardEvent) => {
      const i = tabs.indexOf(document.activeElement as HTMLAnchorElement);
      if (i < 0) return;
      const n = tabs.length;
      const next = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      select(next, true);
    };
    list.addEventListener('click', onClick);
    list.addEventListener('keydown', onKey);
    return () => {
      list.removeEventListener('click', onClick);
      list.removeEventListener('keydown', onKey);
    };
  }, []);
  return <slot />;
}
