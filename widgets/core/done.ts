/**
 * Feedback on an action, at its control (issue #29): "Copied ✓" on the button that copied, a status line
 * in the dialog or panel where the step was taken. Not a toast: a toast lies over whatever is at the
 * window's edge, often the next control.
 *
 * API
 * - `useDone<T>()`: `{done, say(value, stay?), clear()}`; `say` shows `value` (a message, a flag) until
 *   DONE_MS pass, the control is used again (`say` once more restarts it) or `clear()`; with `stay`
 *   (an instruction to follow, such as how to copy by hand) it stays until then, with no timer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a "done" mark stays: long enough to read two words, short enough not to go stale. */
export const DONE_MS = 2500;

export function useDone<T>() {
  const [done, setDone] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setDone(null);
  }, []);
  const say = useCallback((value: T, stay = false) => {
    clearTimeout(timer.current);
    setDone(value);
    if (!stay) timer.current = setTimeout(() => setDone(null), DONE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { done, say, clear };
}
