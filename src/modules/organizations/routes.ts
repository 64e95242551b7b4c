import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { OrganizationSchema, OwnPatchOrganizationBody } from './schemas.ts';
import type { OrganizationsService } from './service.ts';

const tags = ['Organization configuration'];

/** The caller's own organization, for its admins. */
export function registerOrganizationRoutes(app: FastifyInstance, organizations: OrganizationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags,
      summary: "The caller's organization",
      response: { 200: OrganizationSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => organizations.getOwn(contextOf(req).organizationId),
  });

  r.patch('/v1/organization', {
    config: { auth: 'orgAdmin', validationStatus: 422 },
    schema: {
      tags,
      summary: "Update the caller's organization (policyOverrides replaced wholesale)",
      body: OwnPatchOrganizationBody,
      response: {
        200: OrganizationSchema,
        ...errorResponses('orgAdmin', { 409: ['duplicate_name'], 422: ['validation_error'] }),
      },
    },
    handler: (req) => organizations.updateOwn(contextOf(req).organizationId, req.body),
  });
}
