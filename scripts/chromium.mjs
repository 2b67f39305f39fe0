// Finds the Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium.
// On Debian as root with none found it installs chromium and fonts-noto-cjk with apt;
// otherwise it fails with the command to run. Nothing here downloads a browser build.
import { CHROMIUM, findProgram } from './system-packages.mjs';

/** Flags of every Chromium the tests and measurements start: nothing reaches the network but the site. */
export const OFFLINE_CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium({ install = true } = {}) {
  return findProgram(CHROMIUM, { install });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(findChromium());
}
