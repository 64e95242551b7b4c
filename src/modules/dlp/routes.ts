import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  CreateDlpRuleBody,
  DlpRuleListSchema,
  DlpRuleSchema,
  DlpTestBody,
  DlpTestResultSchema,
  PatchDlpRuleBody,
} from './schemas.ts';
import type { DlpService } from './service.ts';

const tags = ['Organization configuration'];
const config = { auth: 'orgAdmin' } as const;
const ruleParams = z.object({ ruleId: uuidParam });

/** DLP rules of the caller's organization, for its admins. */
export function registerDlpRoutes(app: FastifyInstance, dlp: DlpService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/dlp-rules', {
    config,
    schema: {
      tags,
      summary: 'List the DLP rules, oldest first',
      response: { 200: DlpRuleListSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => dlp.list(contextOf(req).organizationId),
  });

  r.post('/v1/organization/dlp-rules', {
    config,
    schema: {
      tags,
      summary:
        'Create a DLP rule (the pattern must be a valid ECMAScript regular expression; at most 200 per organization)',
      body: CreateDlpRuleBody,
      response: { 201: DlpRuleSchema, ...errorResponses('orgAdmin', { 409: ['limit_reached'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await dlp.create(contextOf(req).organizationId, req.body)),
  });

  r.post('/v1/organization/dlp-rules/test', {
    config,
    schema: {
      tags,
      summary: 'Check a text against the DLP rules, as a message would be',
      description:
        'Evaluates `text` against the active saved rules and the active unsaved `rules` (drafts, at most 20, ' +
        'validated as a created rule), with the decision and the time budgets of a message check: `allowed` is ' +
        'false when a deny rule matches and no allow rule does. A deny rule that cannot be decided in its budget ' +
        'counts as matching (`undecided: true`). Nothing is stored.',
      body: DlpTestBody,
      response: { 200: DlpTestResultSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => dlp.test(contextOf(req).organizationId, req.body),
  });

  r.patch('/v1/organization/dlp-rules/:ruleId', {
    config,
    schema: {
      tags,
      summary: 'Update a DLP rule (at least one field)',
      params: ruleParams,
      body: PatchDlpRuleBody,
      response: { 200: DlpRuleSchema, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => dlp.update(contextOf(req).organizationId, req.params.ruleId, req.body),
  });

  r.delete('/v1/organization/dlp-rules/:ruleId', {
    config,
    schema: {
      tags,
      summary: 'Delete a DLP rule',
      params: ruleParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => {
      await dlp.remove(contextOf(req).organizationId, req.params.ruleId);
      return reply.status(204).send(null);
    },
  });
}
