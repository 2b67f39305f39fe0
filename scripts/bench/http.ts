import zlib from 'node:zlib';
import { rawRequest } from '../../deploy/nginx/local';

/** Where the bench sends the site's requests: a server directly, or nginx over HTTPS with its test certificate. */
export interface Site {
  baseUrl: string;
  /** The certificate to trust (nginx's self-signed one); undefined for plain HTTP. */
  ca?: string;
}

export interface Answer {
  ok: boolean;
  status: number;
  text: string;
}

/**
 * One request to the site, outside the load: fetch cannot trust a given certificate, so this goes
 * through node:http(s); a compressed answer is decompressed for reading.
 */
export async function send(site: Site, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const res = await rawRequest(`${site.baseUrl}${path}`, { ...init, ca: site.ca, timeoutMs: 30_000 });
  const encoding = res.headers['content-encoding'];
  const body = encoding === 'gzip' ? zlib.gunzipSync(res.body) : encoding === 'br' ? zlib.brotliDecompressSync(res.body) : res.body;
  return { ok: res.status >= 200 && res.status < 300, status: res.status, text: body.toString('utf8') };
}
