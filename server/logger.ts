import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

/**
 * The server's JSON log (pino, one line per event, on stdout). No line may hold a password, token,
 * pincode or personal field (PIPA; issue 10): request bodies are never logged, credentials travel in
 * bodies and headers (both kept out), and what the URL and errors can carry is cut here.
 */

/** Query parameters that never hold personal data or secrets; any other value is replaced. */
const plainQueryKeys = new Set([
  'boardCode', 'page', 'size', 'itemNo', 'category', 'sort', 'order', 'download', 'thumbnail', 'status', 'roleCode',
  'action', 'from', 'to', 'listStyle', 'area', 'contentType', 'searchType', 'withDeleted', 'showItemToMain', 'pinNotices',
]);
const REDACTED = '[redacted]';

/** `/api/file/upload/<token>` is a bearer secret for ten minutes: logged as its route. */
const secretPaths: [RegExp, string][] = [[/^\/api\/file\/upload\/[^/?]+/, '/api/file/upload/[token]']];

export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const [pattern, replacement] of secretPaths) path = path.replace(pattern, replacement);
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params].map(([key, value]) => `${encodeURIComponent(key)}=${plainQueryKeys.has(key) ? encodeURIComponent(value) : REDACTED}`);
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function serializeRequest(req: LoggedRequest) {
  return { method: req.method, url: loggableUrl(req.url), remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/**
 * Errors as pino writes them, less what can quote data: drizzle's "Failed query" message ends
 * with the statement's parameters (e-mail addresses, password hashes...), and PostgreSQL's
 * `detail` names the values of a violated key.
 */
function serializeError(err: Error): Record<string, unknown> {
  // With its cause as an object: the driver's error under drizzle's carries the SQLSTATE `code`.
  return stdSerializers.errWithCause(withoutData(err) as Error) as unknown as Record<string, unknown>;
}

function withoutData(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Error & Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(err)) copy[key] = (err as unknown as Record<string, unknown>)[key];
  copy.message = err.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  if (typeof copy.stack === 'string') copy.stack = copy.stack.replace(/\nparams: [\s\S]*?(\n {4}at |$)/, '\nparams: [redacted]$1');
  for (const key of ['detail', 'params', 'parameters', 'where']) if (key in copy) copy[key] = REDACTED;
  if (err.cause) copy.cause = withoutData(err.cause, depth + 1);
  return copy;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { req: serializeRequest, err: serializeError },
      redact: { paths: ['req.headers', 'headers.authorization', 'headers.cookie'], censor: REDACTED },
    },
    destination,
  );
}
