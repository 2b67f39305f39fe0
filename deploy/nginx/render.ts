import fs from 'node:fs';
import path from 'node:path';
import { opsMessages } from '../../contract';
import { securityHeaders } from '../../server/security-headers';

/** deploy/nginx/nids.conf: the site's nginx configuration, with {{PLACEHOLDERS}}. */
export const siteTemplatePath = path.join(import.meta.dirname, 'nids.conf');

/** What fills the placeholders of nids.conf (its header says what each one is). */
export interface NginxSite {
  serverName: string;
  /** `80`, or `127.0.0.1:8080`. */
  httpListen: string;
  /** `443`, or `127.0.0.1:8443`. */
  httpsListen: string;
  /** The HTTPS port clients use, for the redirect (443 leaves it out of the URL). */
  httpsPort: number;
  /** The instances, `host:port` each (`10.0.0.11:3000`, `[fd00::11]:3000`, `unix:/run/nids.sock`). */
  upstreams: string[];
  tlsCertificate: string;
  tlsCertificateKey: string;
  /** The instances' WEB_DIST_DIR (the built web app); nginx serves /assets/ from it. */
  webDistDir: string;
  accessLog: string;
}

/** A value nginx reads as one token: no whitespace, quotes, semicolons or braces. */
const token = /^[^\s;{}'"#]+$/;
const upstream = /^(unix:\/[^\s;{}'"#]+|[A-Za-z0-9.-]+:\d{1,5}|\[[0-9A-Fa-f:.]+\]:\d{1,5})$/;

function checked(name: string, value: string): string {
  if (!token.test(value)) throw new Error(`${name} must be one word without spaces, quotes, ';', '{' or '}', got "${value}"`);
  return value;
}

/**
 * The instances' security headers behind TLS (server/security-headers.ts), as `add_header` lines:
 * what nginx answers itself carries exactly what the instances would send. `always`: on its 4xx
 * and 5xx answers too.
 */
function securityHeaderLines(indent = '        '): string {
  return Object.entries(securityHeaders({ https: true }))
    .map(([name, value]) => {
      if (/["\\\n$]/.test(value)) throw new Error(`header ${name} cannot be written into nginx's configuration: ${value}`);
      return `add_header ${name} "${value}" always;`;
    })
    .join(`\n${indent}`);
}

/** nids.conf with every placeholder filled; throws on a bad value or a placeholder left over. */
export function renderSite(site: NginxSite, template = fs.readFileSync(siteTemplatePath, 'utf8')): string {
  if (site.upstreams.length === 0) throw new Error('at least one upstream instance is needed');
  for (const u of site.upstreams) if (!upstream.test(u)) throw new Error(`an upstream must be host:port or unix:/path, got "${u}"`);
  if (!Number.isInteger(site.httpsPort) || site.httpsPort < 1 || site.httpsPort > 65535) throw new Error(`bad HTTPS port ${site.httpsPort}`);
  const values: Record<string, string> = {
    SERVER_NAME: checked('serverName', site.serverName),
    HTTP_LISTEN: checked('httpListen', site.httpListen),
    HTTPS_LISTEN: checked('httpsListen', site.httpsListen),
    HTTPS_PORT_SUFFIX: site.httpsPort === 443 ? '' : `:${site.httpsPort}`,
    // Passive health: one failure takes an instance out for 10 s, then nginx tries it again.
    UPSTREAM_SERVERS: site.upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=10s;`).join('\n    '),
    TLS_CERTIFICATE: checked('tlsCertificate', site.tlsCertificate),
    TLS_CERTIFICATE_KEY: checked('tlsCertificateKey', site.tlsCertificateKey),
    WEB_DIST_DIR: checked('webDistDir', site.webDistDir),
    ACCESS_LOG: checked('accessLog', site.accessLog),
    // The same Korean envelopes the instances send, so an answer from nginx reads like theirs.
    PAYLOAD_TOO_LARGE_JSON: JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: opsMessages.requestTooLarge }),
    // requestId is nginx's variable, filled in per answer (an id of [A-Za-z0-9._-] only: safe in JSON).
    SERVICE_UNAVAILABLE_JSON: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: opsMessages.temporarilyUnavailable, requestId: '$nids_request_id' }),
    SECURITY_HEADERS: securityHeaderLines(),
  };
  // Comment lines keep their placeholders: the header lists them for whoever reads the result.
  const rendered = template
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : line.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => values[name] ?? whole)))
    .join('\n');
  const left = rendered.split('\n').find((line) => !line.trimStart().startsWith('#') && /\{\{[A-Z_]+\}\}/.test(line));
  if (left) throw new Error(`a placeholder of ${siteTemplatePath} has no value: ${left.trim()}`);
  return rendered;
}
