import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import {
  AttachAssetBody,
  BrandingResponse,
  PatchBrandingBody,
  RequestUploadBody,
  SlotParams,
  UploadResponse,
} from './schemas.ts';
import type { BrandingService } from './service.ts';

const tags = ['Organization configuration'];
const config = { auth: 'orgAdmin' } as const;
/** The upload and attach routes answer field values with 422 (`validation_error`), as the spec lists; unknown fields stay 400. */
const validating = { auth: 'orgAdmin', validationStatus: 422 } as const;
const BRANDING = '/v1/organization/branding';

/** The organization's branding, for its admins. */
export function registerBrandingRoutes(app: FastifyInstance, branding: BrandingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(BRANDING, {
    config,
    schema: {
      tags,
      summary: "The organization's branding; each filled slot carries a download URL valid for an hour",
      response: { 200: BrandingResponse, ...errorResponses('orgAdmin') },
    },
    handler: (req) => branding.get(contextOf(req)),
  });

  r.patch(BRANDING, {
    config,
    schema: {
      tags,
      summary: 'Set the colours (#RRGGBB) and the written guidelines; an empty string clears a field',
      body: PatchBrandingBody,
      response: { 200: BrandingResponse, ...errorResponses('orgAdmin') },
    },
    handler: (req) => branding.update(contextOf(req), req.body),
  });

  r.post(`${BRANDING}/uploads`, {
    config: validating,
    schema: {
      tags,
      summary: 'A create-only upload URL (300 s) and the storage key to attach to the slot afterwards',
      body: RequestUploadBody,
      response: {
        201: UploadResponse,
        ...errorResponses('orgAdmin', { 409: ['limit_reached'], 422: ['validation_error'] }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await branding.requestUpload(contextOf(req), req.body)),
  });

  r.put(`${BRANDING}/assets/:slot`, {
    config: validating,
    schema: {
      tags,
      summary:
        'Fill a slot with an uploaded key issued for it; the bytes must be of the declared size and type. Replaces (and deletes) the previous file',
      params: SlotParams,
      body: AttachAssetBody,
      response: {
        200: BrandingResponse,
        ...errorResponses('orgAdmin', { 404: ['not_found'], 422: ['validation_error'] }),
      },
    },
    handler: (req) => branding.attach(contextOf(req), req.params.slot, req.body),
  });

  r.delete(`${BRANDING}/assets/:slot`, {
    config,
    schema: {
      tags,
      summary: 'Empty a slot and delete its file (an empty slot answers 204 too)',
      params: SlotParams,
      response: { 204: z.null().describe('Emptied'), ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => {
      await branding.detach(contextOf(req), req.params.slot);
      return reply.status(204).send(null);
    },
  });
}
