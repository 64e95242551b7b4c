import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { newId } from '../ids.ts';
import type { ErrorCode } from './error-codes.ts';
import { errorEnvelope } from './errors.ts';

/**
 * Answers the router gives before any hook runs: a path segment longer than any id of this API, or one that is
 * not valid percent-encoding, can name no resource, so it is answered like an unknown id (404), in the envelope.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const requestId = newId();
  const notFound = error.code === 'FST_ERR_MAX_PARAM_LENGTH' || error.code === 'FST_ERR_BAD_URL';
  const [status, code, message]: [number, ErrorCode, string] = notFound
    ? [404, 'not_found', 'Resource not found']
    : [400, 'invalid_request', 'The request could not be routed'];
  request.log.info({ request_id: requestId, status, reason: error.code }, 'request refused by the router');
  reply
    .status(status)
    .header('x-request-id', requestId)
    .send(errorEnvelope(message, code, requestId));
};

const CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'The request line or headers are too large (16 KB at most)'],
  HPE_URI_TOO_LONG: [414, 'uri_too_long', 'The request URL is too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request was not received in time'],
};

/**
 * Requests Node's HTTP parser refuses never reach Fastify (a request line or headers past 16 KB, malformed
 * HTTP): they still get the error envelope and a request id, then the connection closes as Node's own answer
 * would.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'invalid_request',
    'The request is not valid HTTP',
  ];
  const requestId = newId();
  const body = JSON.stringify(errorEnvelope(message, code, requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
