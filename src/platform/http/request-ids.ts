import type { FastifyInstance } from 'fastify';
import { newId } from '../ids.ts';

const ACCEPTABLE_ID = /^[\w.-]{1,128}$/;

/**
 * Every response carries `x-request-id`: the caller's own when it is a sane token, otherwise a new one.
 * One log line per request is written on completion with the id, never with a credential.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const incoming = request.headers['x-request-id'];
    if (typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming)) request.id = incoming;
    else request.id = newId();
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
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
  });
}
