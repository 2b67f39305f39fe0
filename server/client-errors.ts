import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { messages, opsMessages, type ErrorCode, type ErrorEnvelope } from '@contract';

/**
 * Answers to requests that never became requests: too slow (headers or body past their timeout),
 * headers too large, or not HTTP at all. Node's parser refuses them before any route or hook, so
 * Fastify's stand-in would answer in English JSON without the site's headers. Here they get the
 * envelope in Korean and the same security headers as every other answer, then the connection
 * is closed (issue 12).
 */
const refusals: Record<string, { status: number; reason: string; code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'REQUEST_TIMEOUT', message: opsMessages.requestTimeout },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'PAYLOAD_TOO_LARGE', message: opsMessages.requestTooLarge },
};
const malformed = { status: 400, reason: 'Bad Request', code: 'BAD_REQUEST' as const, message: messages.badRequest };

/** The answer of an earlier request on this socket (Node's own `_httpMessage`), when one is in flight. */
type HttpSocket = Socket & { _httpMessage?: { _headerSent?: boolean } | null };

/** Whether an answer has begun to go out on this socket: a refusal written now would land inside it. */
function answerUnderWay(socket: Socket): boolean {
  return (socket as HttpSocket)._httpMessage?._headerSent === true;
}

export function clientErrorHandler(securityHeaders: Record<string, string>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  // Fastify calls it with the app as `this` (Fastify's own handler logs the same way, at trace).
  return function onClientError(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    // The code only: the error itself may carry the raw bytes the client sent.
    this.log.debug({ code: err.code }, 'client error: connection refused before any route');
    const refusal = refusals[err.code ?? ''] ?? malformed;
    // As Node's own handler (lib/_http_server.js socketOnError): a bad request pipelined behind one
    // whose answer is already going out gets no answer of its own, which would corrupt that one.
    if (socket.writable && !answerUnderWay(socket)) {
      const body = JSON.stringify({ code: refusal.code, message: refusal.message } satisfies ErrorEnvelope);
      socket.write(
        `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Cache-Control: no-store\r\n' +
          headerLines +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy();
  };
}
