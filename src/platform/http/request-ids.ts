import type { FastifyInstance } from 'fastify';
import { newId } from '../ids.ts';

const ACCEPTABLE_ID = /^[\w.-]{1,128}$/;
/** The log levels at which info lines are written. */
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

/**
 * Every response carries `x-request-id`: the caller's own when it is a sane token, otherwise a new one.
 * One log line per request is written on completion with the id, never with a credential.
 */
export function registerRequestIds(app: FastifyInstance): void {
  // Callback hooks with no promise: they run on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const incoming = request.headers['x-request-id'];
    if (typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming)) request.id = incoming;
    else request.id = newId();
    reply.header('x-request-id', request.id);
    done();
  });
  // The line is info: below that level the hook is not registered at all.
  if (!WRITES_INFO.has(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        request_id: request.id,
        method: request.method,
        url: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
