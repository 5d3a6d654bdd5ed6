/**
 * `<Email address>`: an e-mail address that a narrow column wraps before its `@` and its dots, as
 * addresses are broken in print, never mid-word (kyb-admin-rewards' members at 390 px read
 * "amara.johnson@example.c" over "om"). Each break is a `<wbr>`, so the address copies as it is. Its
 * container wants `overflow-wrap: break-word`, not `anywhere`: `anywhere` lets a grid column shrink to one
 * letter, and then breaks anywhere; `break-word` breaks inside a part only when that part alone is too wide.
 */
import { Fragment } from 'react';

export function Email({ address }: { address: string }) {
  // Each part from a break to the next, keyed by where it starts in the address.
  const parts = [...address.matchAll(/[@.]?[^@.]*/g)].filter((m) => m[0] !== '');
  return (
    <>
      {parts.map((m) => (
        <Fragment key={m.index}>
          {m.index ? <wbr /> : null}
          {m[0]}
        </Fragment>
      ))}
    </>
  );
}
