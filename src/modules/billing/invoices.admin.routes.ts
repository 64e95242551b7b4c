import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  DraftInvoiceBody,
  InvoiceListQuery,
  InvoicePageSchema,
  InvoiceSchema,
  LineItemBody,
  PaymentBody,
} from './invoices.schemas.ts';
import type { InvoicesService } from './invoices.service.ts';

const billing: AuthRequirement = { console: 'billing' };
const config = { auth: billing };
const tags = ['Platform administration: billing'];
const orgParams = z.object({ id: uuidParam });
const invoiceParams = z.object({ id: uuidParam, invoiceId: uuidParam });
const moveErrors = errorResponses(billing, { 404: ['not_found'], 409: ['invalid_invoice_state'] });

/** Operators (console section `billing`) draft, complete, issue and settle any organization's invoices. */
export function registerInvoiceAdminRoutes(app: FastifyInstance, invoices: InvoicesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v1/admin/organizations/:id/invoices';

  r.get(base, {
    config,
    schema: {
      tags,
      summary: "An organization's invoices, newest first, in cursor pages; `status` filters",
      params: orgParams,
      querystring: InvoiceListQuery,
      response: { 200: InvoicePageSchema, ...errorResponses(billing, { 404: ['not_found'] }) },
    },
    handler: (req) => invoices.adminList(req.params.id, req.query),
  });

  r.get(`${base}/:invoiceId`, {
    config,
    schema: {
      tags,
      summary: 'One invoice of the organization with its lines and payments',
      params: invoiceParams,
      response: { 200: InvoiceSchema, ...errorResponses(billing, { 404: ['not_found'] }) },
    },
    handler: (req) => invoices.adminGet(req.params.id, req.params.invoiceId),
  });

  r.post(base, {
    config,
    schema: {
      tags,
      summary: 'Draft an invoice: the live plan’s price once, and the period’s AI usage rounded half-up to cents',
      params: orgParams,
      body: DraftInvoiceBody,
      response: { 201: InvoiceSchema, ...errorResponses(billing, { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await invoices.draft(req.params.id, req.body)),
  });

  r.post(`${base}/:invoiceId/line-items`, {
    config,
    schema: {
      tags,
      summary: 'Add a line (USD minor units, negative for a credit) to a draft',
      params: invoiceParams,
      body: LineItemBody,
      response: {
        201: InvoiceSchema,
        ...errorResponses(billing, { 404: ['not_found'], 409: ['invalid_invoice_state', 'limit_reached'] }),
      },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await invoices.addLineItem(req.params.id, req.params.invoiceId, req.body)),
  });

  r.post(`${base}/:invoiceId/payments`, {
    config,
    schema: {
      tags,
      summary: 'Record a payment (invoice currency); the invoice is paid once nothing is due',
      params: invoiceParams,
      body: PaymentBody,
      response: {
        201: InvoiceSchema,
        ...errorResponses(billing, {
          404: ['not_found'],
          409: ['invalid_invoice_state', 'payment_exceeds_amount_due', 'limit_reached'],
        }),
      },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await invoices.recordPayment(req.params.id, req.params.invoiceId, req.body)),
  });

  // The moves without a body: each answers the invoice in its new state, or 409 from any other state.
  const moves = [
    {
      path: 'finalize',
      summary: 'Issue a draft: open, due per the payment terms, converted at the rate of the day, snapshots taken',
      move: invoices.finalize,
    },
    { path: 'void', summary: 'Void a draft or an open invoice without payments', move: invoices.void },
    {
      path: 'mark-uncollectible',
      summary: 'Write off an open invoice (payments may still settle it)',
      move: invoices.markUncollectible,
    },
  ];
  for (const { path, summary, move } of moves) {
    r.post(`${base}/:invoiceId/${path}`, {
      config,
      schema: { tags, summary, params: invoiceParams, response: { 200: InvoiceSchema, ...moveErrors } },
      handler: (req) => move(req.params.id, req.params.invoiceId),
    });
  }
}
