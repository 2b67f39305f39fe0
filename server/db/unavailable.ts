/**
 * Errors that mean "the database cannot answer right now" rather than "this request is wrong":
 * the server restarting or failing over, our connection killed (pg_terminate_backend), no
 * connection to be had in time, or a statement cut by `statement_timeout`. The client gets a 503
 * envelope and may retry; the pool replaces dead connections by itself, so service resumes
 * without a restart of ours.
 */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: terminated by an administrator, or the server shutting down
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, or in recovery
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
]);

/** Node's network errors on the way to the server (TCP or the Unix socket of the embedded one). */
const networkErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** pg's own messages for a connection that died or could not be had in time. */
const poolMessages = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (unavailableStates.has(code) || code.startsWith('08')) return true;
    // ENOENT only as a failed connect (the embedded server's socket gone), never a missing file.
    if (networkErrors.has(code) && (code !== 'ENOENT' || e.syscall === 'connect')) return true;
    if (typeof e.message === 'string' && poolMessages.test(e.message)) return true;
    // drizzle wraps the driver's error ("Failed query: ...") with the original as its cause.
    e = e.cause as typeof e;
  }
  return false;
}
