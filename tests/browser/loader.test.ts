import { $, assert, button, equal, field, meta, mount, requestsTo, text, type, uniqueEmail, waitFor, waitForToast } from './support/helpers.ts';

const bundle = meta('kyb-test-bundle');
/** The loader's reserve rules live in an adopted (CSP-safe) sheet, not a <style> element. */
const reserveSheets = () => document.adoptedStyleSheets.filter((s) => [...s.cssRules].some((r) => (r as CSSStyleRule).selectorText?.includes(':not(:defined)')));
const reserveText = () =>
  reserveSheets()
    .flatMap((s) => [...s.cssRules].map((r) => r.cssText))
    .join('\n');

describe('kyb-widgets.js loader', () => {
  it('reserves space for undefined elements and loads an element only when its tag appears', async () => {
    equal(reserveSheets().length, 1, 'reserve stylesheet adopted');
    for (const tag of ['kyb-newsletter', 'kyb-waitlist', 'kyb-auth-button', 'kyb-account']) {
      assert(reserveText().includes(`${tag}:not(:defined)`), `${tag} reserved`);
    }
    equal(customElements.get('kyb-waitlist'), undefined, 'nothing defined before its tag appears');
    equal(requestsTo('/chunks/').length, 0, 'no chunk fetched on a page without widgets');

    const probe = document.createElement('kyb-waitlist');
    document.getElementById('app').append(probe);
    assert(getComputedStyle(probe).minHeight !== '0px' || customElements.get('kyb-waitlist'), 'space reserved while undefined');
    await waitFor(() => customElements.get('kyb-waitlist'), 'kyb-waitlist defined after its tag appeared');
    const chunks = requestsTo('/chunks/').map((e) => new URL(e.name).pathname.split('/').pop());
    assert(
      chunks.some((c) => c.startsWith('waitlist-')),
      `waitlist chunk fetched (${chunks})`,
    );
    assert(!chunks.some((c) => /^(auth-button|account|newsletter|reviews)-/.test(c)), `no other element's chunk (${chunks})`);
    equal(customElements.get('kyb-account'), undefined, 'other elements stay undefined');
    // Its common chunks are requested together with its own, not after it arrived (the loader's manifest).
    const entry = (prefix: string) => requestsTo('/chunks/').find((e) => new URL(e.name).pathname.split('/').pop().startsWith(prefix));
    const own = entry('waitlist-');
    const runtime = entry('runtime-');
    assert(runtime, `the runtime chunk was fetched (${chunks})`);
    assert(runtime.startTime <= own.responseEnd, `the common chunk was requested before the element's chunk had arrived (${runtime.startTime} vs ${own.responseEnd})`);
    probe.remove();
  });

  it("fetches an element's CSS files with its code, once per page, and defines it only once they are adopted", async () => {
    const fileOf = (e: PerformanceResourceTiming) => new URL(e.name).pathname.split('/').pop();
    const since = performance.now();
    const first = document.createElement('kyb-not-found');
    // When the tag is defined (it upgrades synchronously then) its shadow root already holds its rules,
    // before anything is drawn in it: no unstyled frame.
    const atDefine = customElements
      .whenDefined('kyb-not-found')
      .then(() => (first.shadowRoot?.adoptedStyleSheets ?? []).flatMap((x) => [...x.cssRules].map((r) => (r as CSSStyleRule).selectorText ?? '')));
    document.getElementById('app').append(first);
    await waitFor(() => customElements.get('kyb-not-found'), 'kyb-not-found defined');
    const selectors = await atDefine;
    assert(selectors.includes('.nf__path') && selectors.includes(':host'), `its own rules and the tokens adopted when it was defined (${selectors.length} rules)`);
    // The tokens' `:host { display: block }` applies (an unknown tag is inline; the loader's reservation
    // matches only while it is undefined).
    equal(getComputedStyle(first).display, 'block', 'and they apply');
    const fetched = requestsTo('/chunks/', since);
    const own = fetched.find((e) => /^not-found-.*\.js$/.test(fileOf(e)));
    assert(own, `the element's chunk was fetched (${fetched.map(fileOf)})`);
    const ownCss = fetched.find((e) => fileOf(e) === fileOf(own).replace(/js$/, 'css'));
    assert(ownCss, `its CSS file has the chunk's name (${fetched.map(fileOf)})`);
    assert(ownCss.startTime <= own.responseEnd, `the CSS was requested with the code, not after it arrived (${ownCss.startTime} vs ${own.responseEnd})`);
    // The runtime chunk came with the first element on this page (an earlier test), its CSS with it.
    assert(
      requestsTo('/chunks/').some((e) => /^runtime-.*\.css$/.test(fileOf(e))),
      `the design tokens' file, which comes with the runtime chunk (${requestsTo('/chunks/').map(fileOf)})`,
    );

    // A second instance, and a second element that shares the runtime's CSS: no file fetched twice on this page.
    const second = await mount('<kyb-not-found></kyb-not-found>');
    const other = await mount('<kyb-waitlist></kyb-waitlist>');
    const counts = new Map<string, number>();
    for (const e of requestsTo('/chunks/').filter((x) => fileOf(x).endsWith('.css'))) counts.set(fileOf(e), (counts.get(fileOf(e)) ?? 0) + 1);
    assert(
      [...counts.values()].every((n) => n === 1),
      `each CSS file fetched once (${[...counts].join(' ')})`,
    );
    equal(second.shadowRoot.adoptedStyleSheets[0], first.shadowRoot.adoptedStyleSheets[0], 'one tokens sheet for every instance');
    equal(other.shadowRoot.adoptedStyleSheets[0], first.shadowRoot.adoptedStyleSheets[0], 'and for every element');
    // The JavaScript carries the URL of its CSS, not the CSS (fetched again here, after the counting).
    const code = await (await fetch(own.name)).text();
    const rules = await (await fetch(ownCss.name)).text();
    assert(rules.includes('.nf__path') && !code.includes('.nf__path{'), 'the CSS is in its file, not in the JavaScript');
    first.remove();
    second.parentElement.remove();
    other.parentElement.remove();
  });

  it('tolerates the script twice on one page', async () => {
    const errors = [];
    const onError = (e) => errors.push(e.message);
    window.addEventListener('error', onError);
    await import(`${bundle}/kyb-widgets.js?second-copy`);
    const el = await mount('<kyb-newsletter></kyb-newsletter>');
    window.removeEventListener('error', onError);
    equal(reserveSheets().length, 1, 'one reserve stylesheet');
    equal(errors.length, 0, `no errors (${errors})`);
    assert($(el, 'form'), 'element works');
    el.parentElement.remove();
  });

  it('works on a third-party page configured by the script tag alone', async () => {
    const frame = document.createElement('iframe');
    const q = new URLSearchParams({ bundle, url: meta('kyb-supabase-url'), key: meta('kyb-supabase-anon-key') });
    frame.src = `/tests/browser/fixtures/embed.html?${q}`;
    frame.style.cssText = 'width:800px;height:900px';
    document.body.append(frame);
    try {
      const rendered = (tag) => frame.contentDocument?.querySelector(tag)?.shadowRoot?.querySelector('form');
      await waitFor(() => rendered('kyb-newsletter') && rendered('kyb-waitlist'), 'elements rendered in the iframe', 15_000);
      const doc = frame.contentDocument;
      const news = doc.querySelector('kyb-newsletter');
      equal(button(news, 'Privacy Policy').href, 'https://kyb.example/privacy', 'links go to the site set by data-site-url');
      const wl = doc.querySelector('kyb-waitlist');
      frame.focus();
      const email = uniqueEmail('bio');
      await type(field(wl, 'Email'), email);
      equal(field(wl, 'Email').value, email, 'typed into the iframe');
      button(wl, 'Join the Waiting List').click();
      await waitForToast(wl, "You're on the list!");
      equal(text($(wl, '[part~="joined"]')), "You're on the list!", 'joined');
    } finally {
      frame.remove();
    }
  });
});
