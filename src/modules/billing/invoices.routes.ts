import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { InvoiceListQuery, InvoicePageSchema, InvoiceSchema } from './invoices.schemas.ts';
import type { InvoicesService } from './invoices.service.ts';

const tags = ['Usage and billing'];
const config = { auth: 'orgAdmin' } as const;

/** The organization's invoices, read by its admins. */
export function registerInvoiceRoutes(app: FastifyInstance, invoices: InvoicesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/invoices', {
    config,
    schema: {
      tags,
      summary: 'The invoices, newest first, in cursor pages; `status` filters',
      querystring: InvoiceListQuery,
      response: { 200: InvoicePageSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => invoices.list(contextOf(req), req.query),
  });

  r.get('/v1/organization/invoices/:id', {
    config,
    schema: {
      tags,
      summary: 'An invoice with its lines and payments',
      params: z.object({ id: uuidParam }),
      response: { 200: InvoiceSchema, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => invoices.get(contextOf(req), req.params.id),
  });
}
