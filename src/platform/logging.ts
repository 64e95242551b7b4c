import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/**
 * The HTTP server's logger. Lines go to stdout through an asynchronous destination: lines written in the same
 * tick leave in one write, so a busy server does not pay a system call per request line; whatever is still
 * buffered is flushed when the process exits. Credentials never reach a line (the request hook logs none, and
 * these paths are removed should a request object be logged).
 */
export function createHttpLogger(level: string): FastifyBaseLogger {
  return pino(
    { level, redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true } },
    pino.destination({ dest: 1, sync: false }),
  );
}
