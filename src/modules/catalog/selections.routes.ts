import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { PickerModelSchema, PickerQuery, SelectionsBody, SelectionsSchema } from './selections.schemas.ts';
import type { ModelSelectionsService } from './selections.service.ts';

const tags = ['Organization configuration'];

/** The organization-facing side of the catalog: the model picker and the organization's model selections. */
export function registerModelSelectionRoutes(app: FastifyInstance, selections: ModelSelectionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/models', {
    config: { auth: 'any' },
    schema: {
      tags,
      summary: 'Active model versions to choose from, optionally of one capability',
      querystring: PickerQuery,
      response: { 200: z.object({ data: z.array(PickerModelSchema) }), ...errorResponses('any') },
    },
    handler: (req) => selections.picker(req.query),
  });

  r.get('/v1/organization/model-selections', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags,
      summary: "The organization's chosen model version per capability and activity",
      response: { 200: SelectionsSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => selections.get(contextOf(req).organizationId),
  });

  // The spec lists no 422 for this route, so every failure of the body is 400 invalid_request.
  r.put('/v1/organization/model-selections', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags,
      summary: "Replace the organization's model selections wholesale",
      body: SelectionsBody,
      response: { 200: SelectionsSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => selections.replace(contextOf(req).organizationId, req.body),
  });
}
