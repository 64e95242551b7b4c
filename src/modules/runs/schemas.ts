import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { ThreadSchema } from '../threads/schemas.ts';

export const RUN_STATUSES = ['queued', 'running', 'awaiting', 'completed', 'failed', 'cancelled'] as const;
export const ACT_STATUSES = ['pending', 'running', 'awaiting', 'completed', 'failed', 'cancelled'] as const;
export const MAX_MESSAGE_CHARS = 100_000;
export const MAX_ATTACHMENTS = 20;

export const AttachmentSchema = z
  .object({
    type: z.enum(['project_file', 'artifact']),
    id: z.uuid(),
    filename: z.string(),
    mime_type: z.string(),
  })
  .meta({ id: 'MessageAttachment' });

export const MessageSchema = z
  .object({
    id: z.uuid(),
    thread_id: z.uuid(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    run_id: z.uuid().nullable(),
    created_by_type: z.string(),
    created_by_id: z.uuid().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    attachments: z.array(AttachmentSchema),
    created_at: z.string(),
  })
  .meta({ id: 'Message' });

export const RunErrorSchema = z.object({ code: z.string(), message: z.string() }).nullable();

export const RunSchema = z
  .object({
    id: z.uuid(),
    thread_id: z.uuid(),
    status: z.enum(RUN_STATUSES),
    agent_id: z.uuid().nullable(),
    workflow_id: z.uuid().nullable(),
    error: RunErrorSchema,
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Run' });

/** The limit a run paused on (an approval of kind `spend_limit`): only an org admin may approve or reject it. */
export const SpendLimitPauseSchema = z
  .object({
    id: z.uuid(),
    scope: z.enum(['organization', 'department', 'user', 'agent']),
    scope_id: z.uuid().nullable(),
    label: z.string().nullable(),
    amount_minor: z.number().int(),
    spent_minor: z.number().int(),
  })
  .meta({ id: 'SpendLimitPause' });

export const InterruptSchema = z
  .object({
    type: z.enum(['approval', 'clarification']),
    prompt: z.string(),
    options: z.array(z.string()),
    multiSelect: z.boolean(),
    kind: z.literal('spend_limit').optional().describe('Set on an approval to let the run go past a spend limit'),
    spend_limit: SpendLimitPauseSchema.optional(),
  })
  .meta({ id: 'Interrupt' });

export const ActSchema = z
  .object({
    id: z.uuid(),
    key: z.string(),
    status: z.enum(ACT_STATUSES),
    description: z.string(),
    dependsOn: z.array(z.string()),
    error: z.string().nullable(),
    interrupt: InterruptSchema.nullable(),
  })
  .meta({ id: 'Act' });

export const SnapshotArtifactSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    title: z.string().nullable(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    status: z.string(),
    created_by_tool: z.string().nullable(),
  })
  .catchall(z.unknown());

export const RunSnapshotSchema = z
  .object({
    run: RunSchema,
    acts: z.array(ActSchema),
    partialText: z.string(),
    narration: z
      .object({ round: z.number().int().min(1), text: z.string() })
      .nullable()
      .describe('What the agent said before its latest tool calls, and which model round said it; null until then'),
    artifacts: z.array(SnapshotArtifactSchema),
    outputMessageId: z.uuid(),
    outputMessage: MessageSchema.nullable(),
  })
  .meta({ id: 'RunSnapshot' });

const content = z.string().max(MAX_MESSAGE_CHARS);
const metadata = z
  .record(z.string().max(100), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 16_384, 'metadata must serialise to at most 16 KB');
const attachments = z
  .array(z.strictObject({ type: z.enum(['project_file', 'artifact']), id: z.uuid() }))
  .max(MAX_ATTACHMENTS);

export const PostMessageBody = z.strictObject({
  content: content.refine((c) => c.trim().length > 0, 'content must not be blank'),
  attachments: attachments.optional(),
  metadata: metadata.optional(),
  run: z.boolean().default(true).describe('Start a run that answers the message (default true)'),
});

export const StartRunBody = z
  .strictObject({
    content: content
      .optional()
      .describe('A new user message to answer; without it the latest user message is answered'),
    attachments: attachments.optional(),
    metadata: metadata.optional(),
    input: z.record(z.string(), z.unknown()).optional().describe('Structured input for the run'),
    agent_id: z
      .uuid()
      .optional()
      .describe('Run this agent (checked as POST /v1/agents/:id/run checks it); the thread must be one of its threads'),
    workflow_id: z
      .uuid()
      .optional()
      .describe('Run this workflow in the thread (checked as POST /v1/workflows/:id/run checks it)'),
  })
  .refine((b) => !(b.agent_id && b.workflow_id), 'Name agent_id or workflow_id, not both')
  .nullish()
  .transform((b) => b ?? {});

export const ApproveBody = z
  .strictObject({ interrupt_id: z.uuid().optional().describe('The awaiting act; default the newest') })
  .nullish()
  .transform((b) => b ?? {});
export const RejectBody = z
  .strictObject({ interrupt_id: z.uuid().optional(), reason: z.string().max(2000).optional() })
  .nullish()
  .transform((b) => b ?? {});
export const ResumeBody = z.strictObject({
  interrupt_id: z.uuid().optional(),
  answer: z.union([z.string().max(10_000), z.array(z.string().max(1000)).min(1).max(50)]),
});

export const RunActionResponse = z.object({ run: z.object({ id: z.uuid(), status: z.enum(RUN_STATUSES) }) });
export const PostMessageResponse = z.object({ message: MessageSchema, run: RunSchema.nullable() });
export const StartRunResponse = z.object({ message: MessageSchema, run: RunSchema, thread: ThreadSchema });

export const ApprovalSchema = z
  .object({
    id: z.uuid().describe('The awaiting act (interrupt id)'),
    type: z.enum(['approval', 'clarification']),
    run_id: z.uuid(),
    thread_id: z.uuid(),
    thread_title: z
      .string()
      .nullable()
      .describe(
        'The title of the thread the run waits in: null while it has none, and on a spend-limit pause of a thread the caller cannot otherwise see',
      ),
    act_key: z.string(),
    prompt: z.string(),
    options: z.array(z.string()),
    multi_select: z.boolean(),
    kind: z.literal('spend_limit').nullable().describe('`spend_limit`: org admins alone see and answer it'),
    spend_limit: SpendLimitPauseSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PendingApproval' });

export const TranscriptQuery = pageQuery();
export const RunListQuery = pageQuery();

export type PostMessageInput = z.output<typeof PostMessageBody>;
export type StartRunInput = z.output<typeof StartRunBody>;
export type Interrupt = z.output<typeof InterruptSchema>;
