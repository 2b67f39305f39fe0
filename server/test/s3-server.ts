import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server-process';

/**
 * s3rver in a process of its own. It pages ListObjectsV2 with a DES-encrypted continuation token,
 * which OpenSSL 3 only offers through its legacy provider: that flag is for this process alone,
 * never for the tests or the app. It tells its port on the IPC channel, cuts its connections when
 * asked, and exits when the test process goes away.
 */
const serverMain = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then((address) => process.send({ port: address.port }), (err) => { console.error(err); process.exit(1); });
process.on('message', (message) => {
  if (message === 'cut') { server.httpServer.closeAllConnections(); process.send('cut'); }
});
process.on('disconnect', () => process.exit(0));
`;

/** s3rver's fixed credentials: it checks request signatures against them. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** The environment that points the app at this server's bucket (S3_BUCKET, S3_ENDPOINT...). */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** Cuts every open connection (a download in flight breaks); the server keeps listening. */
  cutConnections(): Promise<void>;
  /** Stops the server and deletes what it stored; call once. */
  close(): Promise<void>;
}

/**
 * An S3-compatible server for tests (s3rver from npm, objects in a temporary directory) on
 * 127.0.0.1 and a free port, with one empty bucket. Starts in about half a second.
 */
export async function startS3Server(opts: { bucket?: string } = {}): Promise<TestS3Server> {
  // s3rver refuses bucket names shorter than 3 characters.
  const bucket = opts.bucket ?? 'nids-files';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', serverMain, directory, bucket], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const removeDirectory = () => fs.rmSync(directory, { recursive: true, force: true });

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened: ${stderr}`)));
    });
  } catch (err) {
    removeDirectory();
    throw err;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    cutConnections: () =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send('cut');
      }),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      removeDirectory();
    },
  };
}
