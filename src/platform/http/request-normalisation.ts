import type { FastifyInstance } from 'fastify';
import { toSnakeKeys } from './case.ts';

/** Rewrites body and query field names to snake_case once, before schema validation. */
export function registerCaseNormalisation(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = toSnakeKeys(request.body);
    if (request.query !== undefined) request.query = toSnakeKeys(request.query);
  });
}
