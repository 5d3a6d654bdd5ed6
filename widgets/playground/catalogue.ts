/**
 * The states catalogue: every `widgets/<element>/states.ts`, collected at build time (import.meta.glob,
 * as the loader finds elements), sorted by tag. Adding a state, or an element, is one file: its
 * states.ts (widgets/README.md, "States catalogue"). Read by the playground and by tests/visual.
 */
import type { ElementState, ElementStates } from '../core/state-types.ts';

const files = import.meta.glob<{ default: ElementStates }>(['../*/states.ts', '!../core/**'], { eager: true });

export const CATALOGUE: ElementStates[] = Object.values(files)
  .map((m) => m.default)
  .sort((a, b) => a.tag.localeCompare(b.tag));

export function findState(tag: string, id: string | null): { element: ElementStates; state: ElementState } | null {
  const element = CATALOGUE.find((e) => e.tag === tag);
  if (!element) return null;
  const state = element.states.find((s) => s.id === id) ?? element.states[0];
  return state ? { element, state } : null;
}

/** The playground address that renders one state alone (what the playground frames and the tests open). */
export function stateUrl(tag: string, id: string, extra: Record<string, string> = {}): string {
  return `?${new URLSearchParams({ element: tag, state: id, frame: '1', ...extra })}`;
}
