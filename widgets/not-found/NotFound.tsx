/**
 * kyb-not-found (docs/pages.md#not-found): logs the missing path to the console, as the spec's 404 page does,
 * and shows it in one small line so the visitor can spot a typo. The page itself carries the
 * "Oops! Page not found" text and the link home.
 */
import { useEffect } from 'react';

export interface NotFoundProps {
  container?: ShadowRoot;
}

export const NOT_FOUND_LOG = '404 Error: User attempted to access non-existent route:';

export function NotFound(_: NotFoundProps) {
  const path = location.pathname;
  useEffect(() => {
    console.error(NOT_FOUND_LOG, location.pathname);
  }, []);
  return (
    <div className="nf" part="base">
      {path && path !== '/' ? (
        <p className="nf__path" part="path">
          You were looking for <code>{path}</code>
        </p>
      ) : null}
    </div>
  );
}
