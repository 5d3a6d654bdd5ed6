/**
 * Type test (checked by `npm run typecheck`, never run): the generated React 19 JSX types for embedders
 * (widgets/types/kyb-elements-react.d.ts) accept the elements' attributes and typed listeners, and
 * reject what the contract does not allow.
 */
export function Embed() {
  return (
    <>
      <kyb-newsletter source-page="/blog" onkyb-subscribed={(e) => e.detail.email.toLowerCase()} />
      <kyb-auth-button layout="menu" account-path="/account" />
      <kyb-sticky-bar threshold={300} />
      {/* @ts-expect-error layout is 'bar' | 'menu' */}
      <kyb-auth-button layout="side" />
      {/* @ts-expect-error kyb-reviews has no such attribute */}
      <kyb-reviews slugs="handmade-locs" />
      {/* @ts-expect-error the detail of kyb-price-change has no email */}
      <kyb-loc-configurator product="irie-locs" onkyb-price-change={(e) => e.detail.email} />
    </>
  );
}
