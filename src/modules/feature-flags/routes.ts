import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { FeatureFlagsResponse, PutFeatureFlagsBody } from './schemas.ts';
import type { FeatureFlagsService } from './service.ts';

const platform: AuthRequirement = { console: 'platform' };
const adminTags = ['Platform administration: feature flags'];
const orgParams = z.object({ id: uuidParam });
const writeErrors = { 409: ['limit_reached'] } as const;

/** Any credential reads its organization's flags; operators (console section `platform`) set them. */
export function registerFeatureFlagRoutes(app: FastifyInstance, flags: FeatureFlagsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/feature-flags', {
    config: { auth: 'any' },
    schema: {
      tags: ['Organization configuration'],
      summary: "The caller's organization's flags: its override, else the platform default, else false",
      response: { 200: FeatureFlagsResponse, ...errorResponses('any') },
    },
    handler: (req) => flags.resolved(contextOf(req)),
  });

  r.get('/v1/admin/feature-flags', {
    config: { auth: platform },
    schema: {
      tags: adminTags,
      summary: 'The platform defaults that are set',
      response: { 200: FeatureFlagsResponse, ...errorResponses(platform) },
    },
    handler: () => flags.defaults(),
  });

  r.put('/v1/admin/feature-flags', {
    config: { auth: platform },
    schema: {
      tags: adminTags,
      summary: 'Set platform defaults (true or false) or remove them (null); answers every default set',
      body: PutFeatureFlagsBody,
      response: { 200: FeatureFlagsResponse, ...errorResponses(platform, writeErrors) },
    },
    handler: (req) => flags.setDefaults(req.body.flags),
  });

  r.get('/v1/admin/organizations/:id/feature-flags', {
    config: { auth: platform },
    schema: {
      tags: adminTags,
      summary: "An organization's overrides",
      params: orgParams,
      response: { 200: FeatureFlagsResponse, ...errorResponses(platform, { 404: ['not_found'] }) },
    },
    handler: (req) => flags.overrides(req.params.id),
  });

  r.put('/v1/admin/organizations/:id/feature-flags', {
    config: { auth: platform },
    schema: {
      tags: adminTags,
      summary: "Set an organization's overrides (true or false) or remove them (null); answers all its overrides",
      params: orgParams,
      body: PutFeatureFlagsBody,
      response: { 200: FeatureFlagsResponse, ...errorResponses(platform, { 404: ['not_found'], ...writeErrors }) },
    },
    handler: (req) => flags.setOverrides(req.params.id, req.body.flags),
  });
}
