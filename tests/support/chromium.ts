/**
 * The switches every Chromium of the project starts with: the e2e and visual fixture
 * (e2e/support/site.ts), the browser tests (browser/web-test-runner.config.ts), scripts/lighthouse.ts and
 * scripts/mail-thumbs.ts. Debian's `chromium` is the whole browser run headless, not a headless shell.
 */

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches). Chromium keeps only the
 * last `--disable-features` on its command line, and Playwright puts ours after its own, so ours must
 * carry its names too. unit/chromium-args.test.ts fails when a Playwright upgrade adds one.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The browser's own address-bar popup, a chrome:// page of its own. Headless Chromium still builds it for
 * its windows (the contexts and tabs a test opens) and loads it: some 190 chrome:// files, parsed and run
 * in a renderer of its own each time (issue #28: a trace of 32 element states loaded it 50 times, 9,500
 * chrome:// requests beside 650 of the site's). No test looks at the browser's own UI.
 * Measured on six e2e files: 149 s and 264 CPU-s with it, 112 s and 165 CPU-s without.
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
];
