import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { CreatePlanBody, PatchPlanBody, PlanListSchema } from './plans.schemas.ts';
import type { PlansService } from './plans.service.ts';
import { PlanSchema } from './schemas.ts';

const billing: AuthRequirement = { console: 'billing' };
const adminTags = ['Platform administration: billing'];

/** Any credential lists the active plans; operators (console section `billing`) manage them all. */
export function registerPlanRoutes(app: FastifyInstance, plans: PlansService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/plans', {
    config: { auth: 'any' },
    schema: {
      tags: ['Billing'],
      summary: 'The active plans, cheapest first',
      response: { 200: PlanListSchema, ...errorResponses('any') },
    },
    handler: () => plans.listActive(),
  });

  r.get('/v1/admin/plans', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: 'Every plan, inactive ones included, cheapest first',
      response: { 200: PlanListSchema, ...errorResponses(billing) },
    },
    handler: () => plans.listAll(),
  });

  r.post('/v1/admin/plans', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: 'Create a plan',
      body: CreatePlanBody,
      response: { 201: PlanSchema, ...errorResponses(billing, { 409: ['duplicate_slug'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await plans.create(req.body)),
  });

  r.patch('/v1/admin/plans/:id', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: 'Change a plan; deactivating it stops offering it and keeps its subscriptions',
      params: z.object({ id: uuidParam }),
      body: PatchPlanBody,
      response: {
        200: PlanSchema,
        ...errorResponses(billing, { 404: ['not_found'], 409: ['duplicate_slug', 'plan_slug_fixed'] }),
      },
    },
    handler: (req) => plans.update(req.params.id, req.body),
  });
}
