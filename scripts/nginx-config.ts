// Prints deploy/nginx/nids.conf with its placeholders filled (docs/operations.md, "nginx"):
//   node --import tsx scripts/nginx-config.ts --server-name nids.example.go.kr \
//     --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002 \
//     --certificate /etc/ssl/nids/fullchain.pem --certificate-key /etc/ssl/nids/privkey.pem \
//     --web-dist-dir /srv/nids/current/dist/web > /etc/nginx/conf.d/nids.conf
// The same rendering the tests and the bench run (deploy/nginx/render.ts).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { renderSite } from '../deploy/nginx/render';

const usage = `node --import tsx scripts/nginx-config.ts [options] > /etc/nginx/conf.d/nids.conf

  --server-name NAME        the site's host name (required)
  --upstream HOST:PORT      an instance; give it once per instance (at least one)
  --certificate FILE        TLS certificate with its chain, PEM (required)
  --certificate-key FILE    its private key, PEM (required)
  --web-dist-dir DIR        the instances' WEB_DIST_DIR (required; /assets/ is served from it)
  --http-listen ADDR        default 80
  --https-listen ADDR       default 443
  --https-port N            the port in the redirect (default: that of --https-listen, else 443)
  --access-log FILE         default /var/log/nginx/nids.access.log
`;

function main(): number {
  const { values } = parseArgs({
    options: {
      'server-name': { type: 'string' },
      upstream: { type: 'string', multiple: true },
      certificate: { type: 'string' },
      'certificate-key': { type: 'string' },
      'web-dist-dir': { type: 'string' },
      'http-listen': { type: 'string' },
      'https-listen': { type: 'string' },
      'https-port': { type: 'string' },
      'access-log': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const missing = ['server-name', 'certificate', 'certificate-key', 'web-dist-dir'].filter((name) => !values[name as keyof typeof values]);
  if (missing.length > 0 || !values.upstream?.length) {
    console.error(`missing: ${[...missing, ...(values.upstream?.length ? [] : ['upstream'])].map((m) => `--${m}`).join(', ')}\n\n${usage}`);
    return 2;
  }
  const httpsListen = values['https-listen'] ?? '443';
  const httpsPort = Number(values['https-port'] ?? /(\d+)$/.exec(httpsListen)?.[1] ?? 443);
  console.log(
    renderSite({
      serverName: values['server-name']!,
      httpListen: values['http-listen'] ?? '80',
      httpsListen,
      httpsPort,
      upstreams: values.upstream,
      tlsCertificate: path.resolve(values.certificate!),
      tlsCertificateKey: path.resolve(values['certificate-key']!),
      webDistDir: path.resolve(values['web-dist-dir']!),
      accessLog: values['access-log'] ?? '/var/log/nginx/nids.access.log',
    }),
  );
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
