import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../platform/auth/actor.ts';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageQuery, pageSchema } from '../../platform/http/pagination.ts';
import type { RunActionsService } from './actions.service.ts';
import {
  ApprovalSchema,
  ApproveBody,
  MessageSchema,
  PostMessageBody,
  PostMessageResponse,
  RejectBody,
  ResumeBody,
  RunActionResponse,
  RunListQuery,
  RunSchema,
  RunSnapshotSchema,
  StartRunBody,
  StartRunResponse,
  TranscriptQuery,
} from './schemas.ts';
import type { RunPlace, RunsService } from './service.ts';

const tags = ['Runs'];
const config = { auth: 'any' } as const;
const threadParams = z.object({ id: uuidParam });
const runParams = z.object({ id: uuidParam, runId: uuidParam });
const notFound = { 404: ['not_found'] } as const;
type AnswerAction = (
  ctx: ReturnType<typeof contextOf>,
  threadId: string,
  runId: string,
  body: never,
) => ReturnType<RunActionsService['approve']>;
const actionErrors = errorResponses('any', {
  ...notFound,
  403: ['forbidden'],
  409: ['run_not_awaiting'],
  422: ['validation_error'],
});

/** The checks of the run aliases, for an agent or a workflow the canonical route names (app.ts wires them). */
export interface RunTargets {
  agent(ctx: RequestContext, agentId: string): Promise<unknown>;
  workflow(ctx: RequestContext, workflowId: string): Promise<unknown>;
}

export function registerRunRoutes(
  app: FastifyInstance,
  runs: RunsService,
  actions: RunActionsService,
  targets: RunTargets,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/threads/:id/messages', {
    config,
    schema: {
      tags,
      summary: 'Post a message; unless `run` is false a run answering it starts atomically with it',
      params: threadParams,
      body: PostMessageBody,
      response: {
        201: PostMessageResponse,
        ...errorResponses('any', {
          ...notFound,
          402: ['insufficient_balance', 'no_active_subscription', 'spend_limit_reached'],
          409: ['run_in_progress'],
          422: ['dlp_blocked', 'validation_error'],
        }),
      },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await runs.postMessage(contextOf(req), req.params.id, req.body)),
  });

  r.get('/v1/threads/:id/messages', {
    config,
    schema: {
      tags,
      summary: 'The transcript, oldest first',
      params: threadParams,
      querystring: TranscriptQuery,
      response: { 200: pageSchema(MessageSchema), ...errorResponses('any', notFound) },
    },
    handler: (req) => runs.transcript(contextOf(req), req.params.id, req.query.cursor, req.query.limit),
  });

  r.post('/v1/threads/:id/runs', {
    config,
    schema: {
      tags,
      summary: 'Start a run (canonical): answers new content, or the latest user message without it',
      description:
        'With `agent_id` the agent answers (the thread must be one of its threads); with `workflow_id` the ' +
        'workflow runs in the thread. POST /v1/agents/:id/run and /v1/workflows/:id/run are aliases of this route.',
      params: threadParams,
      body: StartRunBody,
      response: {
        201: StartRunResponse,
        ...errorResponses('any', {
          400: ['invalid_request'],
          ...notFound,
          402: ['insufficient_balance', 'no_active_subscription', 'spend_limit_reached'],
          409: ['agent_archived', 'workflow_archived', 'run_in_progress'],
          422: ['dlp_blocked', 'validation_error'],
        }),
      },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      const { agent_id: agentId, workflow_id: workflowId, ...start } = req.body;
      const threadId = req.params.id;
      if (agentId) await targets.agent(ctx, agentId);
      if (workflowId) await targets.workflow(ctx, workflowId);
      const place: RunPlace = agentId ? { threadId, of: { type: 'agent', id: agentId } } : { threadId };
      return reply.status(201).send(await runs.startRun(ctx, place, workflowId ? { ...start, workflowId } : start));
    },
  });

  r.get('/v1/threads/:id/runs', {
    config,
    schema: {
      tags,
      summary: 'Runs of a thread, newest first',
      params: threadParams,
      querystring: RunListQuery,
      response: { 200: pageSchema(RunSchema), ...errorResponses('any', notFound) },
    },
    handler: (req) => runs.listRuns(contextOf(req), req.params.id, req.query.cursor, req.query.limit),
  });

  r.get('/v1/threads/:id/runs/:runId', {
    config,
    schema: {
      tags,
      summary: 'A one-time run snapshot: run, acts, partial text, artifacts and the output message',
      params: runParams,
      response: { 200: RunSnapshotSchema, ...errorResponses('any', notFound) },
    },
    handler: (req) => runs.snapshot(contextOf(req), req.params.id, req.params.runId),
  });

  r.post('/v1/threads/:id/runs/:runId/cancel', {
    config,
    schema: {
      tags,
      summary: 'Cancel a queued, running or awaiting run; it still ends with its output message',
      params: runParams,
      response: { 202: RunActionResponse, ...errorResponses('any', { ...notFound, 409: ['run_finished'] }) },
    },
    handler: async (req, reply) =>
      reply.status(202).send(await actions.cancel(contextOf(req), req.params.id, req.params.runId)),
  });

  // approve, reject and resume share their shape: an optional interrupt id plus their own field, 202 `{ run }`.
  const answerRoutes = [
    ['approve', 'Approve the awaiting approval (the newest, or `interrupt_id`)', ApproveBody, actions.approve],
    ['reject', 'Decline an awaiting interrupt; the model is told and the run goes on', RejectBody, actions.reject],
    ['resume', 'Answer an awaiting clarification', ResumeBody, actions.resume],
  ] as const;
  for (const [action, summary, body, act] of answerRoutes) {
    r.post(`/v1/threads/:id/runs/:runId/${action}`, {
      // The spec lists 422 for reject's validation failures; approve and resume keep the usual 400.
      config: action === 'reject' ? { ...config, validationStatus: 422 } : config,
      schema: {
        tags,
        summary,
        description:
          '`run.status` is the run’s status after the answer: `running`, or `awaiting` while another act of the ' +
          'same run (a parallel workflow step) still waits for its answer. The spec’s row shows `running` for ' +
          'reject; the truthful status is kept (docs/decisions.md).',
        params: runParams,
        body,
        response: { 202: RunActionResponse, ...actionErrors },
      },
      handler: async (req, reply) =>
        reply
          .status(202)
          .send(await (act as AnswerAction)(contextOf(req), req.params.id, req.params.runId, req.body as never)),
    });
  }

  r.get('/v1/approvals', {
    config,
    schema: {
      tags,
      summary: 'Awaiting approvals and clarifications on threads the caller can see, newest first',
      querystring: pageQuery(),
      response: { 200: pageSchema(ApprovalSchema), ...errorResponses('any') },
    },
    handler: (req) => actions.pendingApprovals(contextOf(req), req.query.cursor, req.query.limit),
  });
}
