// Programs the tests need from the operating system rather than npm: Chromium (browser tests),
// nginx and openssl (server/nginx.api.test.ts), redis-server (the Redis rate-limit tests). Each is found at its environment variable or its Debian path;
// on Debian as root, a missing one is installed with apt; otherwise the caller fails with the
// command to run. Tests never skip because a program is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** @typedef {{ name: string, envVar: string, defaultPath: string, aptPackages: string[] }} SystemProgram */

/** @type {SystemProgram} */
export const CHROMIUM = { name: 'Chromium', envVar: 'CHROME_PATH', defaultPath: '/usr/bin/chromium', aptPackages: ['chromium', 'fonts-noto-cjk'] };

/**
 * Debian's build of Chromium's headless shell (the same Blink and V8 as `chromium`, without the
 * browser's windows and toolbars): what the browser tests drive when it is there (decision 0029).
 * @type {SystemProgram}
 */
export const CHROMIUM_HEADLESS_SHELL = {
  name: 'Chromium headless shell',
  envVar: 'CHROME_HEADLESS_SHELL_PATH',
  defaultPath: '/usr/bin/chromium-headless-shell',
  // chromium too: the tests fall back to it, and npm run lighthouse drives it.
  aptPackages: ['chromium-headless-shell', 'chromium', 'fonts-noto-cjk'],
};

/** @type {SystemProgram} */
export const NGINX = { name: 'nginx', envVar: 'NGINX_PATH', defaultPath: '/usr/sbin/nginx', aptPackages: ['nginx'] };

/** Makes the nginx test's self-signed certificate. @type {SystemProgram} */
export const OPENSSL = { name: 'openssl', envVar: 'OPENSSL_PATH', defaultPath: '/usr/bin/openssl', aptPackages: ['openssl'] };

/** Rate limits shared through Redis (server/test/redis-server.ts starts its own). @type {SystemProgram} */
export const REDIS_SERVER = { name: 'redis-server', envVar: 'REDIS_SERVER_PATH', defaultPath: '/usr/bin/redis-server', aptPackages: ['redis-server'] };

/** npm run security:sqlmap (not part of npm test). @type {SystemProgram} */
export const SQLMAP = { name: 'sqlmap', envVar: 'SQLMAP_PATH', defaultPath: '/usr/bin/sqlmap', aptPackages: ['sqlmap'] };

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const installCommand = (program) => `apt-get update && apt-get install -y ${program.aptPackages.join(' ')}`;

/**
 * The path of `program`: its environment variable, else its Debian path, else (Debian, root,
 * `install`) installed with apt. Throws with the command to run when none of that works.
 * Installing does not start a service: Debian's policy-rc.d (containers) or systemd decide that,
 * and the tests start their own nginx on other ports.
 * @param {SystemProgram} program
 * @returns {string}
 */
export function findProgram(program, { install = true } = {}) {
  const configured = process.env[program.envVar];
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(`${program.envVar}=${configured} is not an executable file.`);
  }
  if (isExecutable(program.defaultPath)) return program.defaultPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');
  if (install && isRoot && isDebian) {
    console.log(`${program.name} not found; installing it with apt: ${installCommand(program)}`);
    execFileSync('sh', ['-c', `export DEBIAN_FRONTEND=noninteractive; ${installCommand(program)}`], { stdio: 'inherit' });
    if (isExecutable(program.defaultPath)) return program.defaultPath;
  }
  throw new Error(
    `${program.name} was not found at ${program.defaultPath} (or ${program.envVar}). Install it with:\n  sudo ${installCommand(program)}\n` +
      `or point ${program.envVar} at the ${program.name} executable.`,
  );
}

export const findNginx = (opts) => findProgram(NGINX, opts);
export const findOpenssl = (opts) => findProgram(OPENSSL, opts);
export const findRedisServer = (opts) => findProgram(REDIS_SERVER, opts);
export const findSqlmap = (opts) => findProgram(SQLMAP, opts);

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log([CHROMIUM, NGINX, OPENSSL, REDIS_SERVER].map((program) => findProgram(program)).join('\n'));
}
