import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { AttachBackgroundBody, BackgroundUploadResponse, RequestBackgroundBody } from './backgrounds.schemas.ts';
import type { BackgroundsService } from './backgrounds.service.ts';
import { ThemeResponse, ThemeVariantSchema } from './schemas.ts';

const tags = ['Organization configuration'];
const config = { auth: 'orgAdmin' } as const;
const params = z.object({ themeId: uuidParam });

/** A theme's background image per variant: upload URL, attach, clear. */
export function registerBackgroundRoutes(app: FastifyInstance, backgrounds: BackgroundsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/organization/themes/:themeId/background', {
    config,
    schema: {
      tags,
      summary: 'An upload URL for a background image (png, jpeg, webp, avif; at most 8 MB), valid 15 minutes',
      params,
      body: RequestBackgroundBody,
      response: {
        201: BackgroundUploadResponse,
        ...errorResponses('orgAdmin', { 404: ['not_found'], 409: ['limit_reached'] }),
      },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await backgrounds.requestUpload(contextOf(req), req.params.themeId, req.body)),
  });

  r.put('/v1/organization/themes/:themeId/background', {
    config,
    schema: {
      tags,
      summary: 'Attach an uploaded image as the variant background; the one it replaces is deleted',
      params,
      body: AttachBackgroundBody,
      response: {
        200: ThemeResponse,
        ...errorResponses('orgAdmin', { 404: ['not_found'], 409: ['upload_incomplete'] }),
      },
    },
    handler: (req) => backgrounds.attach(contextOf(req), req.params.themeId, req.body),
  });

  r.delete('/v1/organization/themes/:themeId/background/:variant', {
    config,
    schema: {
      tags,
      summary: "Clear the variant's background and delete its image (204 also when it had none)",
      params: params.extend({ variant: ThemeVariantSchema }),
      response: { 204: z.null().describe('Cleared'), ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => {
      await backgrounds.clear(contextOf(req), req.params.themeId, req.params.variant);
      return reply.status(204).send(null);
    },
  });
}
