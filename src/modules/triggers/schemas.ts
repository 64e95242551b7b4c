import { z } from 'zod';
import { INTERNAL_EVENTS } from '../../platform/events/internal.ts';
import { toSnakeKeys } from '../../platform/http/case.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { StartRunResponse } from '../runs/schemas.ts';

export const TRIGGER_TYPES = ['cron', 'event', 'webhook'] as const;
export const OWNER_TYPES = ['agent', 'workflow'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export type OwnerType = (typeof OWNER_TYPES)[number];
export { INTERNAL_EVENTS };

/** Users a `users` target may name at once (one thread and one run each per fire). */
export const MAX_TARGET_USERS = 100;
const MAX_PAYLOAD_BYTES = 16_384;

/** The stored target (responses); requests use `TargetInput`, which also removes repeated user ids. */
export const TargetSchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('user'), user_id: z.uuid() }),
    z.strictObject({ type: z.literal('users'), user_ids: z.array(z.uuid()) }),
    z.strictObject({ type: z.literal('project'), project_id: z.uuid() }),
  ])
  .meta({ id: 'TriggerTarget' });
export type TriggerTarget = z.output<typeof TargetSchema>;

/** The target is a field structure, not user data: its keys may be camelCase too (`userIds`, `projectId`). */
const TargetInput = z.preprocess(
  toSnakeKeys,
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('user'), user_id: z.uuid() }),
    z.strictObject({
      type: z.literal('users'),
      user_ids: z
        .array(z.uuid())
        .min(1)
        .max(MAX_TARGET_USERS)
        .transform((ids) => [...new Set(ids)]),
    }),
    z.strictObject({ type: z.literal('project'), project_id: z.uuid() }),
  ]),
);

const payload = z
  .record(z.string(), z.unknown())
  .refine((p) => JSON.stringify(p).length <= MAX_PAYLOAD_BYTES, 'payload must serialise to at most 16 KB')
  .describe('The run input of every fire (a string `prompt` becomes the message text)');
const schedule = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .describe('cron: a 5-field expression in the organization timezone; event: an internal event name; webhook: a label');

export const CreateTriggerBody = z.strictObject({
  type: z.enum(TRIGGER_TYPES),
  schedule,
  payload: payload.optional(),
  enabled: z.boolean().default(true),
  target: TargetInput.optional().describe('Default: the caller ({ type: user, user_id: <caller> })'),
});
export type CreateTriggerInput = z.output<typeof CreateTriggerBody>;

/** `type` is fixed at creation (a webhook's secret belongs to it); create another trigger to change it. */
export const PatchTriggerBody = z.strictObject({
  schedule: schedule.optional(),
  payload: payload.optional(),
  enabled: z.boolean().optional(),
  target: TargetInput.optional(),
});
export type PatchTriggerInput = z.output<typeof PatchTriggerBody>;

export const FireNowBody = z
  .strictObject({ thread_id: z.uuid().optional().describe('A visible thread of this agent or workflow') })
  .nullish();

export const TriggerListQuery = pageQuery();

export const TriggerSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    owner_type: z.enum(OWNER_TYPES),
    owner_id: z.uuid(),
    type: z.enum(TRIGGER_TYPES),
    schedule: z.string(),
    payload: z.record(z.string(), z.unknown()),
    enabled: z.boolean(),
    target: TargetSchema,
    nextFireAt: z.string().nullable().describe('Next due time of a cron trigger (UTC ISO); null otherwise'),
    last_fired_at: z.string().nullable(),
    created_by: z.uuid(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Trigger' });

export const CreatedTriggerSchema = TriggerSchema.extend({
  webhook_url: z
    .string()
    .optional()
    .describe('webhook triggers: where to POST, with X-Atrium-Timestamp and X-Atrium-Signature (see the hooks route)'),
  secret: z.string().optional().describe('webhook triggers: the HMAC-SHA256 key, shown only in this answer'),
}).meta({ id: 'CreatedTrigger' });

export const FireResultSchema = z.object({ data: z.array(StartRunResponse) }).meta({ id: 'TriggerFires' });

export const WebhookAcceptedSchema = z
  .object({ data: z.array(z.object({ thread_id: z.uuid(), run_id: z.uuid() })) })
  .meta({ id: 'WebhookAccepted' });
