import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageWithTotalSchema } from '../../platform/http/pagination.ts';
import {
  AdminOrganizationListQuery,
  AdminOrganizationSchema,
  AdminPatchOrganizationBody,
  CreateOrganizationBody,
} from '../organizations/schemas.ts';
import type { OrganizationsService } from '../organizations/service.ts';

const tags = ['Platform administration: organizations'];
const auth: AuthRequirement = { console: 'organizations' };
const params = z.object({ id: uuidParam });

/** /v1/admin/organizations and the States-table moves of an organization. */
export function registerOrganizationAdminRoutes(app: FastifyInstance, organizations: OrganizationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/admin/organizations', {
    config: { auth },
    schema: {
      tags,
      summary: 'List organizations (live by default), newest first, with plan, user count and total',
      querystring: AdminOrganizationListQuery,
      response: {
        200: pageWithTotalSchema(AdminOrganizationSchema),
        ...errorResponses(auth),
      },
    },
    handler: (req) => {
      const { search, is_system, is_deleted, cursor, limit } = req.query;
      return organizations.list(
        { search: search || undefined, isSystem: is_system, isDeleted: is_deleted },
        cursor,
        limit,
      );
    },
  });

  r.post('/v1/admin/organizations', {
    config: { auth },
    schema: {
      tags,
      summary: 'Create an organization, subscribed to the free plan, with no users',
      body: CreateOrganizationBody,
      response: { 201: AdminOrganizationSchema, ...errorResponses(auth, { 409: ['duplicate_name'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await organizations.create(req.body)),
  });

  r.get('/v1/admin/organizations/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Get an organization (deleted ones too)',
      params,
      response: { 200: AdminOrganizationSchema, ...errorResponses(auth, { 404: ['not_found'] }) },
    },
    handler: (req) => organizations.getForAdmin(req.params.id),
  });

  r.patch('/v1/admin/organizations/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Update an organization (strict; policyOverrides replaced wholesale)',
      params,
      body: AdminPatchOrganizationBody,
      response: {
        200: AdminOrganizationSchema,
        ...errorResponses(auth, { 404: ['not_found'], 409: ['organization_deleted', 'duplicate_name'] }),
      },
    },
    handler: (req) => organizations.update(req.params.id, req.body),
  });

  r.delete('/v1/admin/organizations/:id', {
    config: { auth },
    schema: {
      tags,
      summary: 'Soft-delete an organization (forced suspended; still readable here)',
      params,
      response: {
        200: AdminOrganizationSchema,
        ...errorResponses(auth, { 404: ['not_found'], 409: ['already_deleted', 'system_organization'] }),
      },
    },
    handler: (req) => organizations.remove(req.params.id),
  });

  const moves = [
    {
      action: 'suspend',
      summary: 'Suspend an organization: its members get 403 org_suspended from their next request',
      conflicts: ['already_suspended', 'organization_deleted', 'system_organization'] as const,
      run: (id: string) => organizations.setSuspended(id, true),
    },
    {
      action: 'unsuspend',
      summary: 'Lift a suspension',
      conflicts: ['not_suspended', 'organization_deleted'] as const,
      run: (id: string) => organizations.setSuspended(id, false),
    },
    {
      action: 'restore',
      summary: 'Restore a deleted organization (it stays suspended)',
      conflicts: ['not_deleted'] as const,
      run: (id: string) => organizations.restore(id),
    },
  ];
  for (const move of moves) {
    r.post(`/v1/admin/organizations/:id/${move.action}`, {
      config: { auth },
      schema: {
        tags,
        summary: move.summary,
        params,
        response: {
          200: AdminOrganizationSchema,
          ...errorResponses(auth, { 404: ['not_found'], 409: move.conflicts }),
        },
      },
      handler: (req) => move.run(req.params.id),
    });
  }
}
