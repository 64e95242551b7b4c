import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';

export type ThreadCreatorType = 'user' | 'agent' | 'workflow';
export type RunStatus = 'queued' | 'running' | 'awaiting' | 'completed' | 'failed' | 'cancelled';
export type ActStatus = 'pending' | 'running' | 'awaiting' | 'completed' | 'failed' | 'cancelled';

/**
 * A conversation. `owner_id` is the principal (user or service account) that created it or, for threads made by
 * a trigger, the target user: the thread is visible to that principal and to the members of its project.
 * `created_by_type`/`created_by_id` are the spec's attribution (the user, or the agent or workflow).
 */
export const threads = pgTable(
  'threads',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    ownerId: uuid('owner_id').notNull(),
    createdByType: text('created_by_type').$type<ThreadCreatorType>().notNull(),
    createdById: uuid('created_by_id').notNull(),
    title: text('title'),
    projectId: uuid('project_id').references(() => projects.id),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('threads_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('threads_owner_created_idx').on(t.organizationId, t.ownerId, t.createdAt, t.id),
    index('threads_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('threads_creator_idx').on(t.organizationId, t.createdByType, t.createdById),
  ],
);

/** The transcript. A run's output message is inserted under the id the run reserved when it was created. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    runId: uuid('run_id'),
    createdByType: text('created_by_type').notNull(),
    createdById: uuid('created_by_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_created_idx').on(t.threadId, t.createdAt, t.id),
    // A DLP dry run reads an organization's user messages of a time window, in keyset order.
    index('messages_org_user_created_idx').on(t.organizationId, t.createdAt, t.id).where(sql`${t.role} = 'user'`),
  ],
);

/**
 * One execution of the assistant, an agent or a workflow on a thread. At most one run per thread is live
 * (queued, running or awaiting): a partial unique index makes the 409 `run_in_progress` race-free.
 * `state` is the durable agent loop (model messages of the rounds so far) from which a reclaimed run resumes;
 * `partial_text` is the reply drafted so far, written before each delta is published.
 */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    agentId: uuid('agent_id'),
    workflowId: uuid('workflow_id'),
    inputMessageId: uuid('input_message_id'),
    outputMessageId: uuid('output_message_id').notNull(),
    createdById: uuid('created_by_id').notNull(),
    createdByType: text('created_by_type').notNull(),
    userId: uuid('user_id'),
    channel: text('channel'),
    /** The integration the run came in through (a Telegram bot), charged as its usage events' channel. */
    integrationId: uuid('integration_id'),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    partialText: text('partial_text').notNull().default(''),
    error: jsonb('error').$type<{ code: string; message: string } | null>(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('runs_thread_created_idx').on(t.threadId, t.createdAt, t.id),
    // The console's 30-day task count per organization.
    index('runs_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('runs_one_live_per_thread_key')
      .on(t.threadId)
      .where(sql`${t.status} in ('queued', 'running', 'awaiting')`),
    index('runs_org_awaiting_idx').on(t.organizationId).where(sql`${t.status} = 'awaiting'`),
  ],
);

/**
 * A node of a run's DAG: a tool call of an agent loop or a workflow step. `interrupt` holds the open question
 * while the act is `awaiting` (type approval|clarification, prompt, options, multiSelect) and `answer` the reply.
 */
export const acts = pgTable(
  'acts',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    runId: uuid('run_id')
      .notNull()
      .references(() => runs.id),
    key: text('key').notNull(),
    ordinal: integer('ordinal').notNull(),
    kind: text('kind').notNull(),
    status: text('status').$type<ActStatus>().notNull().default('pending'),
    description: text('description').notNull(),
    dependsOn: text('depends_on').array().notNull().default(sql`'{}'::text[]`),
    toolName: text('tool_name'),
    toolCallId: text('tool_call_id'),
    input: jsonb('input').$type<unknown>(),
    output: jsonb('output').$type<unknown>(),
    interrupt: jsonb('interrupt').$type<Record<string, unknown> | null>(),
    answer: jsonb('answer').$type<unknown>(),
    error: text('error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    uniqueIndex('acts_run_key_key').on(t.runId, t.key),
    index('acts_run_ordinal_idx').on(t.runId, t.ordinal),
    index('acts_org_awaiting_idx').on(t.organizationId).where(sql`${t.status} = 'awaiting'`),
  ],
);

/** Files produced by runs; blobs live in storage under `storage_key` and are kept when the artifact is deleted. */
export const artifacts = pgTable(
  'artifacts',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id),
    parentId: uuid('parent_id'),
    runId: uuid('run_id'),
    createdByTool: text('created_by_tool'),
    type: text('type').notNull(),
    title: text('title'),
    description: text('description'),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<'ready' | 'deleted'>().notNull().default('ready'),
    code: text('code'),
    content: text('content'),
    generator: text('generator'),
    generatorVersion: text('generator_version'),
    prompt: text('prompt'),
    model: text('model'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('artifacts_thread_created_idx').on(t.threadId, t.createdAt, t.id),
    index('artifacts_run_idx').on(t.runId),
  ],
);

/** Data-leakage-protection rules: a message matching an active deny rule and no active allow rule is refused. */
export const dlpRules = pgTable(
  'dlp_rules',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    pattern: text('pattern').notNull(),
    action: text('action').$type<'deny' | 'allow'>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('dlp_rules_org_created_idx').on(t.organizationId, t.createdAt, t.id)],
);
