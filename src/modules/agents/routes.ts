import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import { StartRunResponse } from '../runs/schemas.ts';
import type { RunsService } from '../runs/service.ts';
import { AgentListQuery, AgentSchema, CreateAgentBody, PatchAgentBody, RunAgentBody } from './schemas.ts';
import type { AgentsService } from './service.ts';

const tags = ['Agents'];
const params = z.object({ id: uuidParam });
const config = { auth: 'any' } as const;
/** Field values the spec answers with 422 (`validation_error`); unknown fields stay 400. */
const validating = { auth: 'any', validationStatus: 422 } as const;
const notFound = { 404: ['not_found'] } as const;

export function registerAgentRoutes(
  app: FastifyInstance,
  agents: AgentsService,
  runs: Pick<RunsService, 'startRun'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/agents', {
    config,
    schema: {
      tags,
      summary: 'Active agents the caller can see (private ones only for their creator), newest first',
      querystring: AgentListQuery,
      response: { 200: pageSchema(AgentSchema), ...errorResponses('any') },
    },
    handler: (req) => agents.list(contextOf(req), req.query),
  });

  r.post('/v1/agents', {
    config: validating,
    schema: {
      tags,
      summary: 'Create an agent: system prompt, config (model, tools allowlist), visibility, default skills',
      body: CreateAgentBody,
      response: { 201: AgentSchema, ...errorResponses('any', { 422: ['validation_error'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await agents.create(contextOf(req), req.body)),
  });

  r.get('/v1/agents/:id', {
    config,
    schema: {
      tags,
      summary: 'Get an agent the caller can see',
      params,
      response: { 200: AgentSchema, ...errorResponses('any', notFound) },
    },
    handler: (req) => agents.get(contextOf(req), req.params.id),
  });

  r.patch('/v1/agents/:id', {
    config: validating,
    schema: {
      tags,
      summary: 'Change an agent (its creator or an org admin); `config` replaces the stored config',
      params,
      body: PatchAgentBody,
      response: {
        200: AgentSchema,
        ...errorResponses('any', { 403: ['forbidden'], ...notFound, 422: ['validation_error'] }),
      },
    },
    handler: (req) => agents.update(contextOf(req), req.params.id, req.body),
  });

  r.delete('/v1/agents/:id', {
    config,
    schema: {
      tags,
      summary: 'Archive an agent (its creator or an org admin): its threads stay readable, new runs are 409',
      params,
      response: { 204: z.null().describe('Archived'), ...errorResponses('any', { 403: ['forbidden'], ...notFound }) },
    },
    handler: async (req, reply) => {
      await agents.archive(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/agents/:id/run', {
    config,
    schema: {
      tags,
      summary: 'Start a run of the agent (alias of POST /v1/threads/:id/runs, kept for compatibility)',
      description: 'Without `thread_id` a new thread created by the agent is started.',
      params,
      body: RunAgentBody,
      response: {
        201: StartRunResponse,
        ...errorResponses('any', {
          ...notFound,
          402: ['insufficient_balance', 'no_active_subscription', 'spend_limit_reached'],
          409: ['agent_archived', 'run_in_progress'],
          422: ['dlp_blocked'],
        }),
      },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const { place, start } = await agents.launchOf(ctx, req.params.id, req.body);
      return reply.status(201).send(await runs.startRun(ctx, place, start));
    },
  });
}
