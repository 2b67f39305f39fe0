// Finds the Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium.
// On Debian as root with none found it installs chromium and fonts-noto-cjk with apt;
// otherwise it fails with the command to run. Nothing here downloads a browser build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium fonts-noto-cjk';

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium({ install = true } = {}) {
  const candidates = [process.env.CHROME_PATH, DEFAULT_PATH].filter(Boolean);
  for (const candidate of candidates) if (isExecutable(candidate)) return candidate;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} is not an executable file.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');
  if (install && isRoot && isDebian) {
    console.log(`Chromium not found; installing it with apt: ${INSTALL}`);
    execFileSync('sh', ['-c', `export DEBIAN_FRONTEND=noninteractive; ${INSTALL}`], { stdio: 'inherit' });
    if (isExecutable(DEFAULT_PATH)) return DEFAULT_PATH;
  }
  throw new Error(
    `Chromium was not found at ${DEFAULT_PATH} (or CHROME_PATH). Install it with:\n  sudo ${INSTALL}\n` +
      'or point CHROME_PATH at a Chromium or Chrome executable.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(findChromium());
}
