import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import { PlanSchema } from './schemas.ts';
import type { BillingService } from './service.ts';

export function registerBillingRoutes(app: FastifyInstance, billing: BillingService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/v1/plans', {
    config: { auth: 'any' },
    schema: {
      tags: ['Billing'],
      summary: 'The active plans, cheapest first',
      response: { 200: z.object({ data: z.array(PlanSchema) }), ...errorResponses('any') },
    },
    handler: () => billing.listPlans(),
  });
}
