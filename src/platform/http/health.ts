import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { loggableError } from '../db/errors.ts';
import { errorResponses } from './openapi.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  // Probes are public routes like any other: the input bounds (a repeated query parameter) and the request limit apply.
  const errors = errorResponses('public');
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['Health'],
        summary: 'Process is up',
        response: { 200: z.object({ status: z.literal('ok') }), ...errors },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  const readiness = {
    tags: ['Health'],
    summary: 'Database is reachable',
    response: {
      // A 503 `{ status: 'unavailable' }` when the database does not answer: a probe's answer, not an API error.
      200: z.object({ status: z.literal('ready') }),
      ...errors,
    },
  };
  app.get('/readyz', { schema: readiness }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' as const };
    } catch (error) {
      request.log.warn({ err: loggableError(error) }, 'readiness check failed');
      // Typed against the documented statuses, which leave this probe answer out (see above).
      return reply.status(503 as 200).send({ status: 'unavailable' as never });
    }
  });
}
