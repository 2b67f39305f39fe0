import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A request refused before its body was read (over the size limit, of a type nobody parses, an
 * upload stopped at its limit) while the client is still sending it (issue 25). Fastify then answers
 * with `Connection: close`, and Node closes the socket right after the answer with the rest of the
 * body unread: the kernel resets the connection, and a client still writing gets EPIPE or
 * ECONNRESET instead of the answer (one in two at 20 MB, measured). As nginx's lingering close
 * does, the rest is read and thrown away, for a bounded time, and the connection stays usable:
 * the client finishes sending and reads the 413.
 */

/** How long a refused body may go on arriving after its answer (nginx's `lingering_time`). */
export const LINGER_MS = 30_000;
/** How long it may pause before the connection is closed (nginx's `lingering_timeout`). */
export const LINGER_IDLE_MS = 5_000;

/** Call before sending a refusal: when the body is still arriving, drains it instead of closing on it. */
export function lingerOnRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // Only on a real connection: `app.inject` has a stand-in socket, with nothing to close or drain.
  if (raw.complete || raw.destroyed || !(raw.socket instanceof Socket)) return;
  // Keep-alive: Node leaves the socket open while the body drains (it closes on `close` only).
  reply.removeHeader('connection');
  const socket = raw.socket;
  const giveUp = () => socket.destroy();
  const total = setTimeout(giveUp, LINGER_MS);
  const idle = setTimeout(giveUp, LINGER_IDLE_MS);
  total.unref();
  idle.unref();
  const done = () => {
    clearTimeout(total);
    clearTimeout(idle);
  };
  raw.on('data', () => idle.refresh());
  raw.once('end', done);
  raw.once('close', done);
  // A parser that stopped reading left the stream paused; flowing again, its bytes go nowhere.
  raw.resume();
}
