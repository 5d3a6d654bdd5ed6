/**
 * `useSyncExternalStore` for the preact build (core/auth.ts's session store). A module of its own, outside
 * the shared runtime chunk (vite.widgets.config.ts), so it travels with the code that uses it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/**
 * React's store subscription: renders with the store's current value and renders again whenever a
 * notification finds a different one (Object.is), including a change between render and subscribe.
 * No server rendering here, so the server snapshot is not read.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, _getServerSnapshot?: () => T): T {
  const value = getSnapshot();
  const [, rerender] = useState(0);
  const seen = useRef({ value, getSnapshot });
  useLayoutEffect(() => {
    seen.current = { value, getSnapshot };
  });
  useEffect(() => {
    const check = () => {
      const { value: shown, getSnapshot: read } = seen.current;
      let changed = true;
      try {
        changed = !Object.is(shown, read());
      } catch {
        // A snapshot that throws now: render, so the component meets the error itself.
      }
      if (changed) rerender((n) => n + 1);
    };
    check();
    return subscribe(check);
  }, [subscribe]);
  return value;
}
