import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../../server/lib/process';
import { renderSite } from './render';

/**
 * deploy/nginx/nids.conf run on loopback, for server/nginx.api.test.ts and the bench
 * (`npm run bench -- --instances 2 --nginx`): a self-signed certificate, the site rendered into a
 * directory of its own with a small main configuration around it (pid, logs and temporary files
 * there too), nginx in the foreground on free 127.0.0.1 ports. Started by root, nginx runs as
 * `nobody` altogether (master and workers); otherwise as the caller.
 */
export interface LocalNginxOptions {
  /** An empty directory of its own: configuration, certificate, logs, temporary files. */
  dir: string;
  nginxPath: string;
  opensslPath: string;
  /** The instances, `127.0.0.1:port` each. */
  upstreams: string[];
  /** The web build nginx serves /assets/ from (world-readable: nginx may run as nobody). */
  webDistDir: string;
  /** nginx worker processes (default 1; `auto`: one per core). */
  workerProcesses?: number | 'auto';
}

export interface LocalNginx {
  httpsUrl: string;
  httpUrl: string;
  httpsPort: number;
  /** The self-signed certificate (PEM) to trust in clients. */
  ca: string;
  accessLog: string;
  errorLog: string;
  pid: number;
  child: ChildProcess;
  /** What nginx wrote to stdout and stderr so far. */
  output(): string;
  /** Fast shutdown (SIGTERM); resolves once nginx has exited. */
  stop(): Promise<void>;
}

/** Types for what the site serves; nginx.conf on a real host includes /etc/nginx/mime.types instead. */
const mimeTypes = `types {
        text/html html;
        text/css css;
        application/javascript js mjs;
        application/json json map;
        image/svg+xml svg;
        image/png png;
        image/x-icon ico;
        font/woff2 woff2;
        text/plain txt;
        application/manifest+json webmanifest;
    }`;

/** The user a root caller's nginx runs as: nobody, else www-data (Debian's nginx user). */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['nobody', 'www-data']) {
    const fields = passwd.find((line) => line.startsWith(`${name}:`))?.split(':');
    if (fields) return { uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  throw new Error('running as root, but there is no user nobody or www-data to run nginx as');
}

/** nginx as `nobody` must pass through every parent of its directory (mkdtemp makes mode 700 ones). */
function checkTraversable(dir: string): void {
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    if ((fs.statSync(parent).mode & 0o001) === 0) throw new Error(`nginx runs as nobody and cannot pass through ${parent}: chmod o+x it, or put the nginx directory elsewhere`);
  }
}

function chownTree(dir: string, user: { uid: number; gid: number }): void {
  fs.chownSync(dir, user.uid, user.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, user);
    else fs.chownSync(full, user.uid, user.gid);
  }
}

/** A certificate for 127.0.0.1 and localhost, valid two days, made with openssl. */
export function selfSignedCertificate(opensslPath: string, dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    opensslPath,
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { cert, key };
}

function mainConfig(dir: string, workers: number | 'auto'): string {
  const tmp = path.join(dir, 'tmp');
  return `# Written by deploy/nginx/local.ts: a throwaway nginx around deploy/nginx/nids.conf.
daemon off;
master_process on;
worker_processes ${workers};
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events {
    worker_connections 1024;
}
http {
    ${mimeTypes}
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    # nginx closes a client connection after 1,000 requests by default. autocannon (the bench)
    # then sends the next request on the closing connection, keeps it queued after reconnecting,
    # and from then on times every answer from the previous request's start: p50 and p99 through
    # nginx came out about twice the real ones. A browser never gets near this many requests.
    keepalive_requests 1000000;
    client_body_temp_path ${tmp}/client_body;
    proxy_temp_path ${tmp}/proxy;
    fastcgi_temp_path ${tmp}/fastcgi;
    uwsgi_temp_path ${tmp}/uwsgi;
    scgi_temp_path ${tmp}/scgi;
    include ${path.join(dir, 'nids.conf')};
}
`;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startLocalNginx(opts: LocalNginxOptions): Promise<LocalNginx> {
  const { dir } = opts;
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const { cert, key } = selfSignedCertificate(opts.opensslPath, dir);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  const site = renderSite({
    serverName: 'localhost',
    httpListen: `127.0.0.1:${httpPort}`,
    httpsListen: `127.0.0.1:${httpsPort}`,
    httpsPort,
    upstreams: opts.upstreams,
    tlsCertificate: cert,
    tlsCertificateKey: key,
    webDistDir: opts.webDistDir,
    accessLog,
  });
  fs.writeFileSync(path.join(dir, 'nids.conf'), site);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, mainConfig(dir, opts.workerProcesses ?? 1));
  // `-e` sets the error log before the configuration is read (the built-in one may not be writable).
  const nginxArgs = ['-p', dir, '-c', conf, '-e', errorLog];
  const user = unprivilegedUser();
  if (user) {
    checkTraversable(dir);
    fs.chmodSync(dir, 0o755);
    chownTree(dir, user);
  }
  // setpriv keeps the pid, so a signal to the child reaches nginx's master itself.
  const [command, prefix] = user
    ? ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', opts.nginxPath]]
    : [opts.nginxPath, []];
  try {
    execFileSync(command, [...prefix, '-t', '-q', ...nginxArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? String(err);
    throw new Error(`nginx refused the configuration in ${dir}:\n${stderr}`, { cause: err });
  }

  const child = spawn(command, [...prefix, ...nginxArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const until = Date.now() + 10_000;
  while (!(await canConnect(httpsPort))) {
    const log = () => `${output}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited before listening:\n${log()}`);
    if (Date.now() > until) {
      await stop();
      throw new Error(`nginx did not listen on 127.0.0.1:${httpsPort} within 10 s:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsPort,
    ca: fs.readFileSync(cert, 'utf8'),
    accessLog,
    errorLog,
    pid: child.pid!,
    child,
    output: () => output,
    stop,
  };
}

/** An answer as it came over the wire: nothing decompressed, no redirect followed. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = Record<string, unknown>>(): T;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The CA to trust for https (the local nginx's certificate). */
  ca?: string;
  /** The client's own address (any 127.x.y.z works on Linux loopback). */
  localAddress?: string;
  agent?: http.Agent;
  timeoutMs?: number;
}

/**
 * One request with node:http(s), for what fetch does not allow: trusting a given CA, choosing the
 * client address, seeing the body exactly as sent (still compressed).
 */
export function rawRequest(url: string, opts: RawRequest = {}): Promise<RawAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: opts.method ?? 'GET',
        headers: { ...opts.headers, ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}) },
        ca: opts.ca,
        localAddress: opts.localAddress,
        agent: opts.agent,
        timeout: opts.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: () => body.toString('utf8'),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${opts.method ?? 'GET'} ${url}: no answer within ${opts.timeoutMs ?? 10_000} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}
