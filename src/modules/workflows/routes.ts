import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import type { RunsService } from '../runs/service.ts';
import {
  CreateWorkflowBody,
  PatchWorkflowBody,
  RefineBody,
  RefineResponse,
  RunWorkflowBody,
  RunWorkflowResponse,
  WorkflowListQuery,
  WorkflowSchema,
} from './schemas.ts';
import type { WorkflowsService } from './service.ts';

const tags = ['Workflows'];
const params = z.object({ id: uuidParam });
const config = { auth: 'any' } as const;

export function registerWorkflowRoutes(
  app: FastifyInstance,
  workflows: WorkflowsService,
  runs: Pick<RunsService, 'startRun'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/workflows', {
    config,
    schema: {
      tags,
      summary: 'Workflows the caller can see (private ones only for their creator), newest first',
      querystring: WorkflowListQuery,
      response: { 200: pageSchema(WorkflowSchema), ...errorResponses('any') },
    },
    handler: (req) => workflows.list(contextOf(req), req.query),
  });

  r.post('/v1/workflows', {
    config,
    schema: {
      tags,
      summary: 'Create a workflow: a DAG of steps, each depends_on entry naming an earlier step',
      body: CreateWorkflowBody,
      response: { 201: WorkflowSchema, ...errorResponses('any') },
    },
    handler: async (req, reply) => reply.status(201).send(await workflows.create(contextOf(req), req.body)),
  });

  r.get('/v1/workflows/:id', {
    config,
    schema: {
      tags,
      summary: 'Get a workflow',
      params,
      response: { 200: WorkflowSchema, ...errorResponses('any', { 404: ['not_found'] }) },
    },
    handler: (req) => workflows.get(contextOf(req), req.params.id),
  });

  r.patch('/v1/workflows/:id', {
    config,
    schema: {
      tags,
      summary: 'Change a workflow (its creator or an org admin); a new definition is validated like a new one',
      params,
      body: PatchWorkflowBody,
      response: { 200: WorkflowSchema, ...errorResponses('any', { 403: ['forbidden'], 404: ['not_found'] }) },
    },
    handler: (req) => workflows.update(contextOf(req), req.params.id, req.body),
  });

  r.delete('/v1/workflows/:id', {
    config,
    schema: {
      tags,
      summary: 'Archive a workflow: gone from lists and GET, its threads stay readable, new runs get 409',
      params,
      response: {
        204: z.null().describe('Archived'),
        ...errorResponses('any', { 403: ['forbidden'], 404: ['not_found'] }),
      },
    },
    handler: async (req, reply) => {
      await workflows.remove(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/workflows/:id/run', {
    config,
    schema: {
      tags,
      summary: 'Run a workflow in a new thread of the workflow (or threadId); the run starts queued',
      params,
      body: RunWorkflowBody,
      response: {
        201: RunWorkflowResponse,
        ...errorResponses('any', {
          404: ['not_found'],
          402: ['insufficient_balance', 'no_active_subscription', 'spend_limit_reached'],
          409: ['workflow_archived', 'run_in_progress'],
          422: ['dlp_blocked'],
        }),
      },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const { place, start } = await workflows.launchOf(ctx, req.params.id, req.body);
      return reply.status(201).send(await runs.startRun(ctx, place, start));
    },
  });

  r.post('/v1/workflows/:id/refine', {
    config,
    schema: {
      tags,
      summary: 'Ask the model for a revised definition from a conversation (validated, not saved; apply via PATCH)',
      params,
      body: RefineBody,
      response: {
        200: RefineResponse,
        ...errorResponses('any', { 402: ['no_active_subscription'], 404: ['not_found'], 502: ['model_error'] }),
      },
    },
    handler: (req) => workflows.refine(contextOf(req), req.params.id, req.body),
  });
}
