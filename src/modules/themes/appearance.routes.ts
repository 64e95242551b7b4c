import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { AppearanceResponse, PutAppearanceBody } from './appearance.schemas.ts';
import type { AppearanceService } from './appearance.service.ts';

const tags = ['Organization configuration'];

/** Which palettes the organization's members may pick, and the default: read by all of them, set by admins. */
export function registerAppearanceRoutes(app: FastifyInstance, appearance: AppearanceService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/appearance', {
    config: { auth: 'any' },
    schema: {
      tags,
      summary: 'The palettes members may use and the default (every built-in palette until an admin chooses)',
      response: { 200: AppearanceResponse, ...errorResponses('any') },
    },
    handler: (req) => appearance.get(contextOf(req)),
  });

  r.put('/v1/organization/appearance', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags,
      summary: "Set the allowed palettes (built-in ids or this organization's custom-<id>) and the default among them",
      body: PutAppearanceBody,
      response: { 200: AppearanceResponse, ...errorResponses('orgAdmin') },
    },
    handler: (req) => appearance.put(contextOf(req), req.body),
  });
}
