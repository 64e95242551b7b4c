import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { pageSchema } from '../../platform/http/pagination.ts';
import {
  CreatedTriggerSchema,
  CreateTriggerBody,
  FireNowBody,
  FireResultSchema,
  type OwnerType,
  PatchTriggerBody,
  TriggerListQuery,
  TriggerSchema,
} from './schemas.ts';
import type { TriggersService } from './service.ts';

const tags = ['Triggers'];
/** No trigger route lists 422 for validation in the spec, so bad fields answer 400 `invalid_request`. */
const config = { auth: 'any' } as const;
const ownerParams = z.object({ id: uuidParam });
const triggerParams = z.object({ id: uuidParam, triggerId: uuidParam });
const notFound = { 404: ['not_found'] } as const;
/** Finding 8: a fire posts in its targets' threads, so who may address whom is part of the contract. */
const TARGET_RULE =
  'A target other than the caller (another user, several users, or a project) needs an organization admin, or ' +
  'for a project target an admin of that project: otherwise 403 `forbidden`. Cron, event and webhook fires act ' +
  "with the creator's rights at fire time: while the creator is no longer allowed to address the target " +
  '(demoted, suspended, deleted), they are skipped.';

/** The same six routes under `/v1/agents/:id/triggers` and `/v1/workflows/:id/triggers`. */
export function registerTriggerRoutes(app: FastifyInstance, triggers: TriggersService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owners: [string, OwnerType][] = [
    ['agents', 'agent'],
    ['workflows', 'workflow'],
  ];
  for (const [segment, type] of owners) {
    const base = `/v1/${segment}/:id/triggers`;

    r.post(base, {
      config,
      schema: {
        tags,
        summary: `Create a trigger of a ${type}: cron (5 fields, organization timezone), event or webhook; at most 100 per ${type}`,
        description: TARGET_RULE,
        params: ownerParams,
        body: CreateTriggerBody,
        response: {
          201: CreatedTriggerSchema,
          ...errorResponses('any', { 403: ['forbidden'], ...notFound, 409: ['limit_reached'] }),
        },
      },
      handler: async (req, reply) =>
        reply.status(201).send(await triggers.create(contextOf(req), type, req.params.id, req.body)),
    });

    r.get(base, {
      config,
      schema: {
        tags,
        summary: `Triggers of a ${type} the caller can see, newest first`,
        params: ownerParams,
        querystring: TriggerListQuery,
        response: { 200: pageSchema(TriggerSchema), ...errorResponses('any', notFound) },
      },
      handler: (req) => triggers.list(contextOf(req), type, req.params.id, req.query),
    });

    r.get(`${base}/:triggerId`, {
      config,
      schema: {
        tags,
        summary: `A trigger of a ${type} the caller can see (never its webhook secret)`,
        params: triggerParams,
        response: { 200: TriggerSchema, ...errorResponses('any', notFound) },
      },
      handler: (req) => triggers.get(contextOf(req), type, req.params.id, req.params.triggerId),
    });

    r.patch(`${base}/:triggerId`, {
      config,
      schema: {
        tags,
        summary: 'Change a trigger (its creator or an org admin); type is fixed',
        description: `${TARGET_RULE} A change is refused (403) to a caller who may not address the target the trigger keeps or gets, and a new target set by someone other than the creator must be one the creator may address.`,
        params: triggerParams,
        body: PatchTriggerBody,
        response: { 200: TriggerSchema, ...errorResponses('any', { 403: ['forbidden'], ...notFound }) },
      },
      handler: (req) => triggers.update(contextOf(req), type, req.params.id, req.params.triggerId, req.body),
    });

    r.delete(`${base}/:triggerId`, {
      config,
      schema: {
        tags,
        summary: 'Delete a trigger (its creator or an org admin)',
        params: triggerParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses('any', { 403: ['forbidden'], ...notFound }) },
      },
      handler: async (req, reply) => {
        await triggers.remove(contextOf(req), type, req.params.id, req.params.triggerId);
        return reply.status(204).send(null);
      },
    });

    r.post(`${base}/:triggerId/fire-now`, {
      config,
      schema: {
        tags,
        summary: 'Fire now (its creator or an org admin): a new thread and run per target, or one run on thread_id',
        description: `${TARGET_RULE} Without thread_id the caller must be allowed to address the target now (403 otherwise).`,
        params: triggerParams,
        body: FireNowBody,
        response: {
          201: FireResultSchema,
          ...errorResponses('any', {
            403: ['forbidden'],
            ...notFound,
            402: ['insufficient_balance', 'no_active_subscription', 'spend_limit_reached'],
            409: ['run_in_progress'],
            422: ['dlp_blocked'],
          }),
        },
      },
      handler: async (req, reply) =>
        reply
          .status(201)
          .send(await triggers.fireNow(contextOf(req), type, req.params.id, req.params.triggerId, req.body?.thread_id)),
    });
  }
}
