import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  CreateSpendLimitBody,
  PatchSpendLimitBody,
  SpendLimitSchema,
  SpendLimitsViewSchema,
} from './limits.schemas.ts';
import type { LimitsService } from './limits.service.ts';

const billing: AuthRequirement = { console: 'billing' };
const adminTags = ['Platform administration: billing'];
const orgParams = z.object({ id: uuidParam });
const limitParams = z.object({ id: uuidParam, limitId: uuidParam });
const notFound = { 404: ['not_found'] } as const;

/** Spend limits: org admins see this month's standing; operators (console section `billing`) set them. */
export function registerLimitsRoutes(app: FastifyInstance, limits: LimitsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/spend-limits', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags: ['Usage and billing'],
      summary: "This calendar month's spend against each limit (applied only when wallet enforcement is on)",
      response: { 200: SpendLimitsViewSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => limits.own(contextOf(req)),
  });

  r.get('/v1/admin/organizations/:id/spend-limits', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: "An organization's spend limits with this month's spend",
      params: orgParams,
      response: { 200: SpendLimitsViewSchema, ...errorResponses(billing, notFound) },
    },
    handler: (req) => limits.forOrganization(req.params.id),
  });

  r.post('/v1/admin/organizations/:id/spend-limits', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: 'Add a monthly spend limit on the organization or one of its departments, users or agents',
      params: orgParams,
      body: CreateSpendLimitBody,
      response: {
        201: SpendLimitSchema,
        ...errorResponses(billing, { ...notFound, 409: ['duplicate_limit', 'limit_reached'] }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await limits.create(req.params.id, req.body)),
  });

  r.patch('/v1/admin/organizations/:id/spend-limits/:limitId', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: "Change a spend limit's amount",
      params: limitParams,
      body: PatchSpendLimitBody,
      response: { 200: SpendLimitSchema, ...errorResponses(billing, notFound) },
    },
    handler: (req) => limits.setAmount(req.params.id, req.params.limitId, req.body.amount_minor),
  });

  r.delete('/v1/admin/organizations/:id/spend-limits/:limitId', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: 'Remove a spend limit',
      params: limitParams,
      response: { 204: z.null().describe('Removed'), ...errorResponses(billing, notFound) },
    },
    handler: async (req, reply) => {
      await limits.remove(req.params.id, req.params.limitId);
      return reply.status(204).send(null);
    },
  });
}
