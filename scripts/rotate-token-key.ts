// `npm run rotate-token-key [-- --now]`: adds a new signing key for the site's JWTs (access tokens
// and file cookies) to the key ring in the database. docs/decisions/0017-token-signing-keys.md.
// The new key signs from two minutes on (every running instance has read it by then); the key it
// replaces still verifies until the last token it signed has expired (30 minutes and the clock
// tolerance), so nobody is signed out. Keys past that are deleted. Works while the site runs.
// `--now` is for a leaked key: the new key signs at once and every older key is deleted, so every
// instance refuses tokens signed by them within a minute (members then sign in again, or the web
// app refreshes on its next call).
// With JWT_SECRET set the keys come from the environment instead: the script says how to rotate them.
// Exit code 0: rotated (the line names the new key); 1: it failed (the message says why).
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { openSiteForBackup } from '@server/backup/connect';
import { rotateSigningKey } from '@server/auth/signing-keys';

const usage = 'Usage: npm run rotate-token-key [-- --now]';

const environmentSteps = [
  'JWT_SECRET is set, so the signing keys come from the environment, not the database. To rotate:',
  '  1. on every instance set JWT_PREVIOUS_SECRET to the current JWT_SECRET and JWT_SECRET to a new value',
  '     (at least 32 characters, e.g. `openssl rand -base64 48`), and restart the instances one by one;',
  '  2. 31 minutes after the last instance restarted, remove JWT_PREVIOUS_SECRET and restart again.',
  'Or unset JWT_SECRET to keep the keys in the database and rotate them with this script.',
].join('\n');

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { now: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  if (config.jwtSecret) {
    console.error(environmentSteps);
    return 1;
  }
  const site = await openSiteForBackup(config, (line) => console.log(line));
  try {
    const rotation = await rotateSigningKey(site.database.db, new Date(), { immediately: values.now });
    const deleted = rotation.deleted.length > 0 ? `; deleted ${rotation.deleted.join(', ')}` : '';
    console.log(`New token signing key ${rotation.kid} in ${site.description}: it signs from ${rotation.signsFrom.toISOString()}${deleted}.`);
    return 0;
  } finally {
    await site.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(`The rotation failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
