import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import {
  BillingProfileListSchema,
  BillingProfileSchema,
  CreateBillingProfileBody,
  PatchBillingProfileBody,
} from './profiles.schemas.ts';
import type { BillingProfilesService } from './profiles.service.ts';

const tags = ['Billing'];
const config = { auth: 'orgAdmin' } as const;
/** Field values failing their rules are 422 (`validation_error`); unknown fields and a bad body stay 400. */
const validating = { auth: 'orgAdmin', validationStatus: 422 } as const;
/** Any string: an id that is not a UUID is 404 billing_profile_not_found like an unknown one. */
const params = z.object({ profileId: z.string() });
const absent = { 404: ['billing_profile_not_found'] } as const;
const PROFILES = '/v1/organization/billing-profiles';

/** The organization's billing profiles, for its admins. */
export function registerBillingProfileRoutes(app: FastifyInstance, profiles: BillingProfilesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/billing-profile', {
    config,
    schema: {
      tags,
      summary: 'The default billing profile',
      response: { 200: BillingProfileSchema, ...errorResponses('orgAdmin', { 404: ['no_billing_profile'] }) },
    },
    handler: (req) => profiles.getDefault(contextOf(req)),
  });

  r.get(PROFILES, {
    config,
    schema: {
      tags,
      summary: 'Every billing profile, oldest first (at most 50)',
      response: { 200: BillingProfileListSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => profiles.list(contextOf(req)),
  });

  r.get(`${PROFILES}/:profileId`, {
    config,
    schema: {
      tags,
      summary: 'A billing profile',
      params,
      response: { 200: BillingProfileSchema, ...errorResponses('orgAdmin', absent) },
    },
    handler: (req) => profiles.get(contextOf(req), req.params.profileId),
  });

  r.post(PROFILES, {
    config: validating,
    schema: {
      tags,
      summary: 'Create a billing profile; the first one (or one with is_default true) becomes the default',
      body: CreateBillingProfileBody,
      response: {
        201: BillingProfileSchema,
        ...errorResponses('orgAdmin', { 409: ['limit_reached'], 422: ['validation_error'] }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await profiles.create(contextOf(req), req.body)),
  });

  r.patch(`${PROFILES}/:profileId`, {
    config: validating,
    schema: {
      tags,
      summary: 'Change a billing profile; is_default true makes it the default',
      params,
      body: PatchBillingProfileBody,
      response: { 200: BillingProfileSchema, ...errorResponses('orgAdmin', { ...absent, 422: ['validation_error'] }) },
    },
    handler: (req) => profiles.update(contextOf(req), req.params.profileId, req.body),
  });

  r.delete(`${PROFILES}/:profileId`, {
    config,
    schema: {
      tags,
      summary: 'Delete a billing profile: the oldest remaining becomes the default; invoices keep their snapshot',
      params,
      response: { 204: z.null().describe('Deleted'), ...errorResponses('orgAdmin', absent) },
    },
    handler: async (req, reply) => {
      await profiles.remove(contextOf(req), req.params.profileId);
      return reply.status(204).send(null);
    },
  });
}
