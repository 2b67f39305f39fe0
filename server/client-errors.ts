import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { messages, opsMessages, type ErrorCode } from '../contract';

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

export function clientErrorHandler(securityHeaders: Record<string, string>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function onClientError(err: ConnectionError, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = refusals[err.code ?? ''] ?? malformed;
    if (socket.writable) {
      const body = JSON.stringify({ code: refusal.code, message: refusal.message });
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
