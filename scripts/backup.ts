// `npm run backup -- <dir> [--method=auto|pg_dump|app]`: the site's database and uploaded files into
// a new directory <dir>, with manifest.json (counts and SHA-256 of every file). Works while the site
// runs (one consistent snapshot of the database). docs/decisions/0014-backup-and-restore.md.
// Exit code 0: done (the last line sums it up); 1: it failed (the message says why).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { backupSite, contentsLine } from '@server/backup/backup';
import { openSiteForBackup } from '@server/backup/connect';

const usage = 'Usage: npm run backup -- <directory> [--method=auto|pg_dump|app]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { method: { type: 'string', default: 'auto' }, help: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const method = values.method;
  if (positionals.length !== 1 || (method !== 'auto' && method !== 'pg_dump' && method !== 'app')) {
    console.error(usage);
    return 1;
  }
  // npm runs scripts in the project's root; a relative directory means the one the operator typed it in.
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  const site = await openSiteForBackup(config, log);
  try {
    log(`Backing up ${site.description} into ${dir}.`);
    const result = await backupSite({ database: site.database, files: site.files, dir, method, sslCaFile: site.sslCaFile, log });
    console.log(`Backup complete: ${contentsLine(result.manifest)} in ${dir} (${result.seconds.toFixed(1)} s).`);
    return 0;
  } finally {
    await site.close();
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`Backup failed: ${(err as Error).message}`);
  return 1;
});
