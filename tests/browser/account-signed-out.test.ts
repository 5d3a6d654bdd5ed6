import { $, cleanup, equal, mount, text, waitFor } from './support/helpers.ts';

describe('kyb-account without a session', () => {
  afterEach(cleanup);

  it('redirects to "/" once initialisation ends with no user', async () => {
    const redirects = [];
    // Cancel the navigation so the test page stays; a host SPA does the same to route itself.
    const on = (e) => {
      redirects.push(e.detail);
      e.preventDefault();
    };
    document.addEventListener('kyb-redirect', on);
    try {
      const el = await mount('<kyb-account></kyb-account>');
      equal(text($(el, '[part~="loading"]')), 'Loading...', 'loading state');
      await waitFor(() => redirects.length === 1, 'kyb-redirect');
      equal(redirects[0].to, `${location.origin}/`, 'redirect target');
      equal(redirects[0].reason, 'signed-out', 'reason');
    } finally {
      document.removeEventListener('kyb-redirect', on);
    }
  });

  it('uses the redirect attribute', async () => {
    const redirects = [];
    const on = (e) => {
      redirects.push(e.detail.to);
      e.preventDefault();
    };
    document.addEventListener('kyb-redirect', on);
    try {
      await mount('<kyb-account redirect="/products"></kyb-account>');
      await waitFor(() => redirects.length === 1, 'kyb-redirect');
      equal(redirects[0], `${location.origin}/products`, 'redirect attribute honoured');
    } finally {
      document.removeEventListener('kyb-redirect', on);
    }
  });
});
