/**
 * kyb-thumbnail-gallery in Chromium on the built bundle (docs/catalog.md#product-detail-pages,
 * docs/pages.md, docs/data.md#states-and-transitions): it enhances prerendered product images (light DOM).
 */
import { $$, assert, cleanup, equal, expectAccessible, mount, sendKeys, waitFor } from './support/helpers.ts';
const svg = (fill, label) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="${fill}"/><text x="8" y="44">${label}</text></svg>`)}`;
const PICS = [
  [svg('#7a4b2a', '1'), 'Trinity Locs, front view'],
  [svg('#c9a227', '2'), 'Trinity Locs, side view'],
  [svg('#2f7d4f', '3'), 'Trinity Locs, back view'],
];

describe('kyb-thumbnail-gallery', () => {
  afterEach(cleanup);

  it('selects the displayed image from the thumbnails, by click and by keyboard', async () => {
    const el = await mount(
      `<kyb-thumbnail-gallery aria-label="Trinity Locs images">${PICS.map(([s, a]) => `<img src="${s}" alt="${a}" width="80" height="80">`).join('')}</kyb-thumbnail-gallery>`,
    );
    const main = el.querySelector('img');
    equal(main.getAttribute('slot'), 'main', 'first image is the main image');
    assert(main.assignedSlot, 'main image projected');
    equal(el.querySelectorAll('img').length, 3, "the page's images stay in the light DOM");
    const thumbs = () => $$(el, '[part~="thumb"]');
    equal(thumbs().length, 3, 'one thumbnail per image');
    equal(
      thumbs()
        .map((b) => b.getAttribute('aria-pressed'))
        .join(','),
      'true,false,false',
      'first selected',
    );
    equal(
      thumbs()
        .map((b) => b.tabIndex)
        .join(','),
      '0,-1,-1',
      'one tab stop',
    );
    equal(thumbs()[1].getAttribute('aria-label'), 'Show image 2 of 3: Trinity Locs, side view', 'named');
    await expectAccessible(el, 'thumbnail gallery');

    thumbs()[1].click();
    await waitFor(() => main.getAttribute('alt') === PICS[1][1], 'main image swapped');
    equal(main.getAttribute('src'), PICS[1][0], 'src swapped');
    equal(
      thumbs()
        .map((b) => b.getAttribute('aria-pressed'))
        .join(','),
      'false,true,false',
      'second selected',
    );

    thumbs()[1].focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => main.getAttribute('alt') === PICS[2][1], 'ArrowRight selects the next');
    equal(el.shadowRoot.activeElement, thumbs()[2], 'focus follows');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => main.getAttribute('alt') === PICS[0][1], 'wraps to the first');
    equal(main.getAttribute('src'), PICS[0][0], 'first src back');
    await sendKeys({ press: 'End' });
    await waitFor(() => main.getAttribute('alt') === PICS[2][1], 'End');
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => main.getAttribute('alt') === PICS[1][1], 'ArrowLeft');
    await sendKeys({ press: 'Home' });
    await waitFor(() => main.getAttribute('alt') === PICS[0][1], 'Home');
    equal(
      thumbs()
        .map((b) => b.tabIndex)
        .join(','),
      '0,-1,-1',
      'tab stop moves with the selection',
    );
    await expectAccessible(el, 'thumbnail gallery after selection');
  });

  it('uses an explicit slot="main" image and data-full large files', async () => {
    const el = await mount(`<kyb-thumbnail-gallery>
      <img slot="main" src="${PICS[0][0]}" alt="${PICS[0][1]}">
      <img src="${svg('#eee', 'a')}" data-full="${PICS[0][0]}" alt="${PICS[0][1]}">
      <img src="${svg('#ddd', 'b')}" data-full="${PICS[2][0]}" alt="${PICS[2][1]}">
    </kyb-thumbnail-gallery>`);
    const main = el.querySelector('img[slot="main"]');
    const thumbs = $$(el, '[part~="thumb"]');
    equal(thumbs.length, 2, 'the other images are the thumbnails');
    equal(thumbs[0].getAttribute('aria-pressed'), 'true', 'the thumbnail of the main image is selected');
    thumbs[1].click();
    await waitFor(() => main.getAttribute('src') === PICS[2][0], 'the large file is shown');
  });
});
