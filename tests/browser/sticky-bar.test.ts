/**
 * kyb-sticky-bar in Chromium on the built bundle (docs/pages.md, docs/data.md#states-and-transitions,
 * docs/limits.md): shown past its scroll threshold over the prerendered page.
 */
import { $, assert, cleanup, equal, expectAccessible, frame, mount, waitFor } from './support/helpers.ts';
describe('kyb-sticky-bar', () => {
  let spacer: HTMLElement;
  beforeEach(() => {
    spacer = document.createElement('div');
    spacer.style.height = '4000px';
    document.body.append(spacer);
    window.scrollTo(0, 0);
  });
  afterEach(() => {
    window.scrollTo(0, 0);
    spacer.remove();
    cleanup();
  });

  const BAR = `<kyb-sticky-bar threshold="300"><div class="booking-bar" style="background:#211b17;color:#fff;padding:12px">
    <p><strong>Ready to book?</strong></p><a href="https://kyb.as.me/schedule" style="color:#fff">Book with Acuity</a></div></kyb-sticky-bar>`;

  async function scrollToY(y) {
    window.scrollTo(0, y);
    await waitFor(() => Math.round(window.scrollY) === y, `scrolled to ${y}`);
    await frame();
  }

  it('shows the bar only past 300 px of scroll and keeps it out of reach while hidden', async () => {
    const el = await mount(BAR);
    const bar = $(el, '[part~="bar"]');
    const link = el.querySelector('a');
    const hidden = () => bar.dataset.visible === 'false' && getComputedStyle(link).visibility === 'hidden';
    await waitFor(hidden, 'hidden at the top');
    assert(bar.inert, 'inert while hidden');
    link.focus();
    assert(document.activeElement !== link, 'the link cannot take focus while hidden');

    await scrollToY(301);
    await waitFor(() => bar.dataset.visible === 'true', 'shown past 300 px');
    await waitFor(() => getComputedStyle(link).visibility === 'visible', 'link visible');
    assert(!bar.inert, 'not inert when shown');
    link.focus();
    equal(document.activeElement, link, 'focusable when shown');
    await expectAccessible(el, 'sticky bar shown');

    await scrollToY(300);
    await waitFor(hidden, 'hidden again at exactly 300 px');
    await scrollToY(900);
    await waitFor(() => bar.dataset.visible === 'true', 'shown again further down');
    await scrollToY(120);
    await waitFor(hidden, 'hidden below the threshold');
  });

  it('follows its threshold attribute, and starts shown when the page is already scrolled', async () => {
    await scrollToY(700);
    const el = await mount(BAR.replace('threshold="300"', 'threshold="800"'));
    const bar = $(el, '[part~="bar"]');
    await frame();
    equal(bar.dataset.visible, 'false', 'hidden at 700 with threshold 800');
    el.setAttribute('threshold', '500');
    await waitFor(() => bar.dataset.visible === 'true', 'shown at 700 once the threshold is 500');
  });
});
