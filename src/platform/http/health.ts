import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { loggableError } from '../db/errors.ts';

/** Liveness (the process answers) and readiness (the database answers). */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { schema: { tags: ['Health'], summary: 'Process is up' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { tags: ['Health'], summary: 'Database is reachable' } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: loggableError(error) }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
