// `npm run rotate-field-key`: a new key for the fields encrypted at rest (administrators'
// second-factor secrets, issue 25), and every such field sealed again with it.
// With the key file (DATA_DIR/field-encryption.keys, the default): the new key goes first in the
// file, the one it replaced stays for instances started before (restart them one by one, then they
// seal with the new key too), older keys go. Works while the site runs.
// With FIELD_ENCRYPTION_KEY set the keys come from the environment: the script says how to rotate
// them, and `--reseal` (run once every instance has the new key) seals every field with it.
// Exit code 0: done (the line names the key); 1: it failed (the message says why).
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { openSiteForBackup } from '@server/backup/connect';
import { openFieldEncryption } from '@server/lib/field-encryption';
import { rotateFieldKeyFile, sealSecrets } from '@server/modules/two-factor';

const usage = 'Usage: npm run rotate-field-key [-- --reseal]';

const environmentSteps = [
  'FIELD_ENCRYPTION_KEY is set, so the key comes from the environment, not DATA_DIR. To rotate:',
  '  1. on every instance set FIELD_ENCRYPTION_PREVIOUS_KEY to the current FIELD_ENCRYPTION_KEY and FIELD_ENCRYPTION_KEY',
  '     to a new value (at least 32 characters, e.g. `openssl rand -base64 48`), and restart the instances one by one;',
  '  2. run `npm run rotate-field-key -- --reseal` with the same settings: every field is sealed with the new key;',
  '  3. remove FIELD_ENCRYPTION_PREVIOUS_KEY and restart again. Backups made before step 2 need the old key.',
].join('\n');

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { reseal: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  if (config.fieldEncryptionKey && !values.reseal) {
    console.error(environmentSteps);
    return 1;
  }
  const site = await openSiteForBackup(config, (line) => console.log(line));
  try {
    if (config.fieldEncryptionKey) {
      const encryption = openFieldEncryption({ key: config.fieldEncryptionKey, previousKey: config.fieldEncryptionPreviousKey, dataDir: config.dataDir });
      const { sealed } = await sealSecrets(site.database.db, encryption);
      console.log(`Sealed ${sealed} second-factor secrets with field encryption key ${encryption.currentKeyId} in ${site.description}.`);
      return 0;
    }
    const rotation = await rotateFieldKeyFile(site.database.db, config.dataDir);
    const dropped = rotation.dropped.length > 0 ? `; dropped ${rotation.dropped.join(', ')}` : '';
    console.log(
      `New field encryption key ${rotation.keyId} in ${config.dataDir}: ${rotation.sealed} second-factor secrets sealed with it in ${site.description}${dropped}. ` +
        'Restart the instances one by one so they seal with it too; backups made before need the key they name.',
    );
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
