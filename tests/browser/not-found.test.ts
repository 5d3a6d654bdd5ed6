/**
 * kyb-not-found in Chromium on the built bundle (docs/pages.md): the 404 page's island.
 */
import { $, atUrl, cleanup, equal, expectAccessible, mount, text, waitFor } from './support/helpers.ts';
describe('kyb-not-found', () => {
  afterEach(cleanup);

  it('logs the missing path to the console and names it on the page', async () => {
    const real = console.error;
    const logged = [];
    console.error = (...args) => logged.push(args);
    try {
      await atUrl('/no/such-page', async () => {
        const el = await mount('<kyb-not-found></kyb-not-found>');
        await waitFor(() => logged.length, 'console.error');
        equal(logged[0][0], '404 Error: User attempted to access non-existent route:', 'message');
        equal(logged[0][1], '/no/such-page', 'path');
        equal(text($(el, '[part~="path"]')), 'You were looking for /no/such-page', 'path shown');
        await expectAccessible(el, 'not found');
      });
    } finally {
      console.error = real;
    }
  });
});
