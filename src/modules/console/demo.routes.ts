import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { pageQuery, pageWithTotalSchema } from '../../platform/http/pagination.ts';
import { DemoOrganizationSchema } from '../organizations/schemas.ts';
import { UserSchema } from '../users/schemas.ts';
import type { DemoOrganizationsService } from './demo.service.ts';
import { CreateDemoOrganizationBody } from './schemas.ts';

const tags = ['Platform administration: demo organizations'];
const auth: AuthRequirement = { console: 'sales' };

export function registerDemoOrganizationRoutes(app: FastifyInstance, demos: DemoOrganizationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/admin/demo-organizations', {
    config: { auth },
    schema: {
      tags,
      summary: 'List demo organizations (live ones), newest first',
      querystring: pageQuery(),
      response: {
        200: pageWithTotalSchema(DemoOrganizationSchema),
        ...errorResponses(auth),
      },
    },
    handler: (req) => demos.list(req.query.cursor, req.query.limit),
  });

  r.post('/v1/admin/demo-organizations', {
    config: { auth },
    schema: {
      tags,
      summary: 'Create a demo organization with its first admin; members are refused after expires_at',
      body: CreateDemoOrganizationBody,
      response: {
        201: z.object({
          organization: DemoOrganizationSchema,
          user: UserSchema,
          password: z.string().describe('One-time temporary password of the admin'),
        }),
        ...errorResponses(auth, { 409: ['duplicate_name', 'duplicate_email'] }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await demos.create(req.body)),
  });
}
