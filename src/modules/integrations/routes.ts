import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import {
  CreateIntegrationBody,
  IntegrationEnvelope,
  IntegrationListQuery,
  IntegrationPageSchema,
  IntegrationSummaryPageSchema,
  PatchIntegrationBody,
} from './schemas.ts';
import type { IntegrationsService } from './service.ts';

const tags = ['Organization configuration'];
const admin = { auth: 'orgAdmin' } as const;
/** The spec answers 422 for a field that fails validation on create and update (an unknown field stays 400). */
const adminValidating = { auth: 'orgAdmin', validationStatus: 422 } as const;
const params = z.object({ integrationId: uuidParam });
const BASE = '/v1/organization/integrations';
const ONE = `${BASE}/:integrationId`;
const refusals = { 422: ['validation_error'], 502: ['vendor_error'] } as const;

/** Integrations of the caller's organization: managed by its admins, summarised for every credential. */
export function registerIntegrationRoutes(app: FastifyInstance, integrations: IntegrationsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(BASE, {
    config: admin,
    schema: {
      tags,
      summary: 'List the integrations, newest first',
      querystring: IntegrationListQuery,
      response: { 200: IntegrationPageSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => integrations.list(contextOf(req), req.query),
  });

  r.post(BASE, {
    config: adminValidating,
    schema: {
      tags,
      summary: 'Connect a Telegram bot or a Microsoft 365 app (checked with the vendor before anything is saved)',
      body: CreateIntegrationBody,
      response: {
        201: IntegrationEnvelope,
        ...errorResponses('orgAdmin', { ...refusals, 409: ['integration_exists', 'limit_reached'] }),
      },
    },
    handler: async (req, reply) => reply.status(201).send(await integrations.create(contextOf(req), req.body)),
  });

  r.get(ONE, {
    config: admin,
    schema: {
      tags,
      summary: 'An integration',
      params,
      response: { 200: IntegrationEnvelope, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => integrations.get(contextOf(req), req.params.integrationId),
  });

  r.patch(ONE, {
    config: adminValidating,
    schema: {
      tags,
      summary: 'Rename an integration, or change its config or secrets (merged, then checked with the vendor again)',
      params,
      body: PatchIntegrationBody,
      response: {
        200: IntegrationEnvelope,
        ...errorResponses('orgAdmin', { ...refusals, 404: ['not_found'], 409: ['integration_exists'] }),
      },
    },
    handler: (req) => integrations.update(contextOf(req), req.params.integrationId, req.body),
  });

  r.delete(ONE, {
    config: admin,
    schema: {
      tags,
      summary: 'Delete an integration no usage event references',
      params,
      response: {
        204: z.null().describe('Deleted'),
        ...errorResponses('orgAdmin', { 404: ['not_found'], 409: ['integration_in_use'] }),
      },
    },
    handler: async (req, reply) => {
      await integrations.remove(contextOf(req), req.params.integrationId);
      return reply.status(204).send(null);
    },
  });

  r.post(`${ONE}/test`, {
    config: admin,
    schema: {
      tags,
      summary: 'Check the integration with its vendor again: `connected`, or `error` with `last_error`',
      params,
      response: { 200: IntegrationEnvelope, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => integrations.test(contextOf(req), req.params.integrationId),
  });

  for (const kind of ['channels', 'connectors'] as const) {
    r.get(`/v1/${kind}`, {
      config: { auth: 'any' },
      schema: {
        tags,
        summary:
          kind === 'channels'
            ? "The organization's inbound channels (Telegram bots), newest first"
            : "The organization's connectors (Microsoft 365), newest first",
        querystring: pageQuery(),
        response: { 200: IntegrationSummaryPageSchema, ...errorResponses('any') },
      },
      handler: (req) => integrations.summaries(contextOf(req), kind, req.query),
    });
  }
}
