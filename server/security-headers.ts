import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config';
import { videoHosts } from '@contract/board-values';

/**
 * Browser features the site never uses (issue 12): refused for the site and for any frame in it
 * (the video players included). Only names Chromium knows: an unknown one is logged as an error
 * on every page. Fullscreen is left out: a player's `allowfullscreen` needs it.
 */
const permissionsPolicy = [
  'accelerometer', 'browsing-topics', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'hid',
  'magnetometer', 'microphone', 'midi', 'payment', 'serial', 'usb', 'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The Content-Security-Policy of every answer (issue 12, OWASP ASVS 5.0 V3.4). Scripts and styles
 * come only from the site's own files: no inline script, no `<style>` element and no `style="…"`
 * attribute (React's `style` props go through the CSSOM, which CSP does not govern; the editor's
 * CSS is in its own style sheet, web/src/ui/editor/editor.css). Nothing may frame
 * the site, and the site frames only the video players that posts may embed.
 */
function contentSecurityDirectives(config: Pick<Config, 'https'>): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'none'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    // blob: is the editor's preview of an image still uploading; data: the build's inlined icons.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: videoHosts.map((host) => `https://${host}`),
    ...(config.https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The API's documentation (Swagger UI at /api/docs) adds one <style> element from its script. It is
 * allowed by its hash on those pages alone, never with 'unsafe-inline'; e2e/csp.spec.ts opens the
 * page, so an update of @fastify/swagger-ui that changes the style fails there.
 */
const swaggerUiStyleHash = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

export function withSwaggerUiStyle(policy: string): string {
  return policy.replace(/(^|;)(\s*)style-src 'self'/, `$1$2style-src 'self' ${swaggerUiStyleHash}`);
}

/**
 * The security headers of every answer (helmet's, with our Content-Security-Policy, plus
 * Permissions-Policy). They depend only on the configuration, so helmet runs once at start-up and
 * each request gets the finished header set: @fastify/helmet built a new helmet middleware,
 * parsing the policy, on every request (about 6% of the time of a cached list answer).
 * HSTS only behind TLS (HTTPS=true): over plain HTTP a browser ignores it anyway.
 */
export function securityHeaders(config: Pick<Config, 'https'>): Record<string, string> {
  const middleware = helmet({
    hsts: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Older browsers that do not read frame-ancestors.
    xFrameOptions: { action: 'deny' },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  headers['permissions-policy'] = permissionsPolicy;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
