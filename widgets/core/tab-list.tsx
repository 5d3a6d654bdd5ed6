/**
 * Tabs inside an element's shadow root, as React state: the WAI-ARIA tabs pattern with automatic
 * activation (click, Left/Right wrapping, Home, End; roving tabindex). Only the selected panel is
 * rendered. For prerendered tabs in a page's light DOM there is the kyb-tabs element instead.
 * Parts: `tabs` (the list), `tab` and `tab-selected`, `panel`.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabListProps<V extends string> {
  /** Prefix of the ids that tie each tab to its panel (useId()). */
  id: string;
  /** The tablist's accessible name. */
  label: string;
  items: TabItem<V>[];
  selected: V;
  onSelect: (v: V) => void;
  /** Classes of the list and of each tab, for the element's own stylesheet. */
  listClass?: string;
  tabClass?: string;
}

export function TabList<V extends string>({ id, label, items, selected, onSelect, listClass, tabClass }: TabListProps<V>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = items.findIndex((t) => t.value === selected);
    const n = items.length;
    const next = ({ ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 } as Record<string, number>)[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(items[next].value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <>
      <div className={listClass} role="tablist" aria-label={label} part="tabs" ref={list} onKeyDown={onKeyDown}>
        {items.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`${id}-tab-${t.value}`}
            aria-selected={selected === t.value}
            aria-controls={`${id}-panel-${t.value}`}
            tabIndex={selected === t.value ? 0 : -1}
            className={tabClass}
            part={selected === t.value ? 'tab tab-selected' : 'tab'}
            onClick={() => onSelect(t.value)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) => (
        <div key={t.value} role="tabpanel" id={`${id}-panel-${t.value}`} aria-labelledby={`${id}-tab-${t.value}`} hidden={selected !== t.value} part="panel">
          {selected === t.value ? t.panel : null}
        </div>
      ))}
    </>
  );
}
