import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  CreateDepartmentBody,
  DepartmentListQuery,
  DepartmentPageSchema,
  DepartmentSchema,
  PatchDepartmentBody,
} from './schemas.ts';
import type { DepartmentsService } from './service.ts';

const tags = ['Organization configuration'];
const config = { auth: 'orgAdmin' } as const;
/** Create's field values the spec answers with 422 (`validation_error`); unknown fields stay 400. */
const validating = { auth: 'orgAdmin', validationStatus: 422 } as const;
const params = z.object({ departmentId: uuidParam });

/** The organization's departments, for its admins. */
export function registerDepartmentRoutes(app: FastifyInstance, departments: DepartmentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/departments', {
    config,
    schema: {
      tags,
      summary: 'The departments, ordered by name (case-insensitively), in cursor pages',
      querystring: DepartmentListQuery,
      response: { 200: DepartmentPageSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => departments.list(contextOf(req), req.query),
  });

  r.post('/v1/organization/departments', {
    config: validating,
    schema: {
      tags,
      summary: 'Create a department, top level or under a parent (at most 1,000 per organization)',
      body: CreateDepartmentBody,
      response: {
        201: DepartmentSchema,
        ...errorResponses('orgAdmin', { 409: ['limit_reached'], 422: ['validation_error'] }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await departments.create(contextOf(req), req.body)),
  });

  r.patch('/v1/organization/departments/:departmentId', {
    config,
    schema: {
      tags,
      summary: 'Rename, describe or move a department; a move under itself or its descendants is 400',
      params,
      body: PatchDepartmentBody,
      response: {
        200: DepartmentSchema,
        ...errorResponses('orgAdmin', { 404: ['not_found'] }),
      },
    },
    handler: (req) => departments.update(contextOf(req), req.params.departmentId, req.body),
  });

  r.delete('/v1/organization/departments/:departmentId', {
    config,
    schema: {
      tags,
      summary: 'Delete a department without children or usage; its users are left without a department',
      params,
      response: {
        204: z.null().describe('Deleted'),
        ...errorResponses('orgAdmin', {
          404: ['not_found'],
          409: ['department_has_children', 'department_in_use'],
        }),
      },
    },
    handler: async (req, reply) => {
      await departments.remove(contextOf(req), req.params.departmentId);
      return reply.status(204).send(null);
    },
  });
}
