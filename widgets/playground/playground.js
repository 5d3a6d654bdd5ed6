/*
 * The playground: every kyb-* element on one page, with controls for its attributes and a log of the
 * events they dispatch. Plain JS (served as-is by the dev server, copied as-is into the build).
 *
 * Backend: the page's <meta name="kyb-supabase-url|kyb-supabase-anon-key"> (the dev server injects the
 * local stack it starts), else ?url=&key= in the address, else what was last used here (localStorage).
 * The bundle: ../loader.ts under the dev server, ../kyb-widgets.js in a build.
 */
const q = new URLSearchParams(location.search);
const saved = JSON.parse(localStorage.getItem('kyb-playground-backend') || '{}');
const metaOf = (name) => document.querySelector(`meta[name="${name}"]`);
function setMeta(name, content) {
  let m = metaOf(name);
  if (!m) {
    m = document.createElement('meta');
    m.name = name;
    document.head.append(m);
  }
  m.content = content;
}
const backend = {
  url: metaOf('kyb-supabase-url')?.content || q.get('url') || saved.url || 'http://127.0.0.1:54321',
  key: metaOf('kyb-supabase-anon-key')?.content || q.get('key') || saved.key || '',
};
setMeta('kyb-supabase-url', backend.url);
if (backend.key) setMeta('kyb-supabase-anon-key', backend.key);

const form = document.getElementById('backend');
form.url.value = backend.url;
form.key.value = backend.key;
form.addEventListener('submit', (e) => {
  e.preventDefault();
  localStorage.setItem('kyb-playground-backend', JSON.stringify({ url: form.url.value, key: form.key.value }));
  const u = new URL(location.href);
  u.searchParams.set('url', form.url.value);
  u.searchParams.set('key', form.key.value);
  location.assign(u);
});

// ---- the elements and their attribute controls (the contract is in widgets/README.md)
const REVIEW_SLUGS = ['handmade-locs', 'holistic-haircare', 'trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit', 'protective-style-planner'];
const DEMOS = [
  { tag: 'kyb-auth-button', attrs: { 'account-path': { value: '/account' } } },
  { tag: 'kyb-account', attrs: { redirect: { value: '/' } } },
  { tag: 'kyb-newsletter', attrs: { 'source-page': { value: '/playground' } }, inner: '<h2>Join the Circle</h2><p>Rituals, restocks and the occasional love letter.</p>' },
  { tag: 'kyb-waitlist', attrs: { 'source-page': { value: '/playground' } } },
  { tag: 'kyb-reviews', attrs: { slug: { options: REVIEW_SLUGS, value: 'handmade-locs' } } },
  { tag: 'kyb-loc-configurator', attrs: { product: { options: ['trinity-locs', 'irie-locs', 'jah-locs', 'diy-kit', 'lock-kit'], value: 'trinity-locs' } } },
  { tag: 'kyb-gallery-admin', attrs: {} },
  { tag: 'kyb-review-moderation', attrs: {} },
  { tag: 'kyb-admin-inbox', attrs: {} },
  { tag: 'kyb-inbox-count', attrs: {} },
  { tag: 'kyb-planner-gallery', attrs: { 'fallback-src': { value: `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' width='960' height='540'><rect width='960' height='540' fill='#2b2118'/><text x='480' y='290' font-family='serif' font-size='64' fill='#c9a227' text-anchor='middle'>CROWN</text></svg>")}` }, 'fallback-alt': { value: 'Crown Planner cover' } } },
  { tag: 'kyb-beta-gate', attrs: { mode: { options: ['gate', 'tools'], value: 'gate' } } },
  { tag: 'kyb-access-modal', attrs: { label: { value: 'Get Early Access' } } },
  { tag: 'kyb-vault', attrs: {} },
  { tag: 'kyb-partnership-form', attrs: {} },
  { tag: 'kyb-merch-notify', attrs: { item: { options: ['tee', 'scarf', 'journal'], value: 'tee' } } },
  {
    tag: 'kyb-product-filter',
    attrs: {},
    inner: `<div class="cards">
      <article data-category="loc-extensions" data-price="70" data-added="2025-03-01" data-rank="1"><h3>Trinity Locs</h3><p>From $70</p></article>
      <article data-category="loc-extensions" data-price="65" data-added="2025-01-15" data-rank="2"><h3>Irie Locs</h3><p>From $65</p></article>
      <article data-category="loc-extensions" data-price="90" data-added="2024-11-20" data-rank="3"><h3>Jah Locs</h3><p>From $90</p></article>
      <article data-category="diy-kit" data-added="2025-05-01" data-rank="4"><h3>DIY Trinity Loc Kit</h3><p>Coming Soon</p></article>
    </div>`,
  },
  { tag: 'kyb-sticky-bar', attrs: { threshold: { value: '300', type: 'number' } }, inner: '<p>Ready to book? <a href="#">Book with Acuity</a></p>', note: 'Scroll the page more than the threshold to show it.' },
  {
    tag: 'kyb-thumbnail-gallery',
    attrs: {},
    // Local placeholder art (no third-party image hosts: the playground works offline).
    inner: ['#7a4b2a', '#3f5e4a', '#8c3b2e', '#6b4a6e']
      .map(
        (c, i) =>
          `<img src="data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='640' height='640'><rect width='640' height='640' fill='${c}'/><circle cx='320' cy='320' r='${120 + i * 30}' fill='none' stroke='#f3e6d3' stroke-width='18'/></svg>`)}" alt="Faux locs style ${i + 1}" width="320" height="320">`,
      )
      .join(''),
  },
  { tag: 'kyb-not-found', attrs: {} },
  { tag: 'kyb-unsubscribe', attrs: { token: { value: '' } } },
];

const demos = document.getElementById('demos');
for (const d of DEMOS) {
  const section = document.createElement('section');
  section.className = 'demo';
  section.id = d.tag;
  section.innerHTML = `<h2>&lt;${d.tag}&gt;</h2><div class="controls"></div><div class="stage"></div>`;
  const controls = section.querySelector('.controls');
  const stage = section.querySelector('.stage');
  const mountEl = () => {
    const el = document.createElement(d.tag);
    for (const [name, spec] of Object.entries(d.attrs)) if (spec.value) el.setAttribute(name, spec.value);
    if (d.inner) el.innerHTML = d.inner;
    stage.replaceChildren(el);
    return el;
  };
  let el = mountEl();
  for (const [name, spec] of Object.entries(d.attrs)) {
    const label = document.createElement('label');
    label.textContent = name;
    const input = spec.options ? document.createElement('select') : document.createElement('input');
    if (spec.options) for (const o of spec.options) input.append(new Option(o, o, false, o === spec.value));
    else {
      input.type = spec.type || 'text';
      input.value = spec.value;
    }
    input.addEventListener('change', () => {
      spec.value = input.value;
      // r2wc ignores an empty attribute value, so clearing a field remounts the element instead.
      if (input.value) el.setAttribute(name, input.value);
      else el = mountEl();
    });
    label.append(input);
    controls.append(label);
  }
  const remount = document.createElement('button');
  remount.type = 'button';
  remount.textContent = 'Remount';
  remount.addEventListener('click', () => (el = mountEl()));
  controls.append(remount);
  if (d.note) controls.append(Object.assign(document.createElement('small'), { textContent: d.note }));
  demos.append(section);
}
const spacer = document.createElement('p');
spacer.className = 'tall';
spacer.style.height = '120vh';
spacer.textContent = 'Scroll space for kyb-sticky-bar.';
demos.append(spacer);

// ---- event log: every kyb-* event that reaches document
const log = document.getElementById('log');
const EVENTS = ['kyb-auth-change', 'kyb-review-submitted', 'kyb-subscribed', 'kyb-price-change', 'kyb-gallery-change', 'kyb-review-moderated', 'kyb-inbox-change', 'kyb-profile-updated', 'kyb-lead-submitted', 'kyb-beta-unlocked', 'kyb-toast', 'kyb-request-sign-in', 'kyb-redirect'];
for (const name of EVENTS) {
  document.addEventListener(name, (e) => {
    if (name === 'kyb-redirect' && !document.getElementById('allow-redirects').checked) {
      e.preventDefault();
      log.textContent = `${new Date().toLocaleTimeString()} ${name} (cancelled) ${JSON.stringify(e.detail)}\n` + log.textContent;
      return;
    }
    log.textContent = `${new Date().toLocaleTimeString()} ${name} ${JSON.stringify(e.detail)}\n` + log.textContent;
  });
}
document.getElementById('clear').addEventListener('click', () => (log.textContent = ''));

// ---- the bundle, last: the elements above are already in the document, as on a real page
if (import.meta.env?.DEV) await import('../loader.ts');
else {
  const built = '../kyb-widgets.js';
  await import(/* @vite-ignore */ new URL(built, import.meta.url).href);
}
