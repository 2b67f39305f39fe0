import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages that only some instances need, loaded when first used (file/open.ts, delivery/transports.ts, two-factor/totp.ts). */
const ON_FIRST_USE = ['@aws-sdk/client-s3', '@aws-sdk/lib-storage', 'nodemailer', 'qrcode'];

// A module-resolution hook that prints each of ON_FIRST_USE once when anything imports or requires it.
const hooks = `
  const names = ${JSON.stringify(ON_FIRST_USE)};
  const seen = new Set();
  export async function resolve(specifier, context, next) {
    const name = names.find((n) => specifier === n || specifier.startsWith(n + '/'));
    if (name && !seen.has(name)) { seen.add(name); console.log('first-use package loaded: ' + name); }
    return next(specifier, context);
  }
`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;

/** The packages of ON_FIRST_USE a fresh Node process resolves while it runs `script` (with tsx). */
function loadedBy(script: string): string[] {
  const out = execFileSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  return [...out.matchAll(/^first-use package loaded: (.+)$/gm)].map((m) => m[1]!).sort();
}

describe('start-up', () => {
  it('does not load the AWS SDK, nodemailer or qrcode: an instance loads them when S3, e-mail or an enrolment first needs them', () => {
    // The hook sees each package when it is imported (a look-up that saw nothing would prove nothing).
    expect(loadedBy(ON_FIRST_USE.map((name) => `await import(${JSON.stringify(name)});`).join(''))).toEqual([...ON_FIRST_USE].sort());
    expect(loadedBy(`await import('./server/app.ts');`)).toEqual([]);
  }, 60_000);
});
