// Finds the Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium.
// On Debian as root with none found it installs chromium and fonts-noto-cjk with apt;
// otherwise it fails with the command to run. Nothing here downloads a browser build.
import { CHROMIUM, CHROMIUM_HEADLESS_SHELL, findProgram } from './system-packages.mjs';

/** Flags of every Chromium the tests and measurements start: nothing reaches the network but the site. */
export const OFFLINE_CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium turns off the features its last `--disable-features` names, and Playwright passes one
 * of its own before the launch options' arguments, so the browser tests' flag repeats Playwright's
 * list (playwright-core's chromiumSwitches.ts; scripts/chromium.test.ts fails when it changes).
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
 * Debian's Chromium 156 preloads the address bar's drop-down as a hidden WebUI page
 * (chrome://omnibox-popup.top-chrome) in a renderer of its own for every window, headless too:
 * one more renderer and 1-2 CPU-seconds for each browser context a test opens, which nobody sees.
 */
export const HIDDEN_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The browser tests' flags: offline, and none of the browser's own hidden pages. */
export const BROWSER_TEST_FLAGS = [...OFFLINE_CHROMIUM_FLAGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HIDDEN_UI_FEATURES].join(',')}`];

export function findChromium({ install = true } = {}) {
  return findProgram(CHROMIUM, { install });
}

/**
 * The browser the browser tests drive: CHROME_PATH when set; else Debian's headless shell
 * (installed with apt on Debian as root, like Chromium), which opens a page for about half the
 * CPU time of the full browser's headless mode (decision 0029); else, where the shell cannot be
 * had, the full Chromium, found or installed as findChromium does. Never none: the tests do not skip.
 */
export function findBrowserTestChromium({ install = true } = {}) {
  if (process.env[CHROMIUM.envVar]) return findChromium({ install });
  try {
    return findProgram(CHROMIUM_HEADLESS_SHELL, { install });
  } catch (err) {
    console.log(`${err instanceof Error ? err.message.split('\n')[0] : String(err)} The browser tests use the full Chromium.`);
    return findChromium({ install });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(findBrowserTestChromium());
}
