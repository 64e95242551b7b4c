import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

export type Visibility = 'organization' | 'private';

/**
 * Reusable instructions. Built-in skills have no organization; an organization's skill slugs are unique within it
 * case-insensitively and may not take a built-in slug (checked by the service). `version` counts changes.
 */
export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    whenToUse: text('when_to_use'),
    instructions: text('instructions').notNull(),
    manifest: jsonb('manifest').$type<Record<string, unknown>>().notNull().default({}),
    scripts: jsonb('scripts').$type<unknown>().notNull().default([]),
    version: integer('version').notNull().default(1),
    isArchived: boolean('is_archived').notNull().default(false),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('skills_builtin_slug_key').on(sql`lower(${t.slug})`).where(sql`${t.organizationId} is null`),
    uniqueIndex('skills_org_slug_key')
      .on(t.organizationId, sql`lower(${t.slug})`)
      .where(sql`${t.organizationId} is not null`),
    index('skills_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

/** An assistant configured by an organization: its system prompt, model, tool allowlist and default skills. */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    systemPrompt: text('system_prompt').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    visibility: text('visibility').$type<Visibility>().notNull().default('organization'),
    defaultSkillSlugs: text('default_skill_slugs').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').notNull(),
    status: text('status').$type<'active' | 'archived'>().notNull().default('active'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('agents_org_created_idx').on(t.organizationId, t.status, t.createdAt, t.id)],
);

/** A DAG of steps (`definition.steps`), run as one act per step. */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    definition: jsonb('definition').$type<{ steps: unknown[] }>().notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    visibility: text('visibility').$type<Visibility>().notNull().default('organization'),
    discussionAgentId: uuid('discussion_agent_id'),
    createdBy: uuid('created_by').notNull(),
    status: text('status').$type<'active' | 'archived'>().notNull().default('active'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('workflows_org_created_idx').on(t.organizationId, t.status, t.createdAt, t.id)],
);

/**
 * What starts an agent or workflow without a person: a cron schedule (in the organization's timezone), an
 * internal event, or a signed webhook. The webhook secret is sealed like vendor keys.
 */
export const triggers = pgTable(
  'triggers',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    ownerType: text('owner_type').$type<'agent' | 'workflow'>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    type: text('type').$type<'cron' | 'event' | 'webhook'>().notNull(),
    schedule: text('schedule').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    target: jsonb('target').$type<Record<string, unknown>>().notNull(),
    nextFireAt: instant('next_fire_at'),
    lastFiredAt: instant('last_fired_at'),
    secretSealed: text('secret_sealed'),
    createdBy: uuid('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('triggers_owner_idx').on(t.organizationId, t.ownerType, t.ownerId, t.createdAt),
    index('triggers_due_idx').on(t.nextFireAt).where(sql`${t.enabled} and ${t.type} = 'cron'`),
    index('triggers_event_idx').on(t.organizationId, t.schedule).where(sql`${t.enabled} and ${t.type} = 'event'`),
  ],
);

/** One row per fired due time: the primary key is what makes a due time fire once across processes. */
export const triggerFires = pgTable(
  'trigger_fires',
  {
    triggerId: uuid('trigger_id')
      .notNull()
      .references(() => triggers.id, { onDelete: 'cascade' }),
    dueAt: instant('due_at').notNull(),
    firedAt: instant('fired_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.triggerId, t.dueAt] })],
);

/**
 * Webhook deliveries seen within their signature's time window: a repeated signature of a trigger (a replay)
 * answers what the first delivery fired instead of firing again. Rows outlive the window (see `expiresAt`) and
 * are purged after it; the primary key is what refuses a second fire across processes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    triggerId: uuid('trigger_id')
      .notNull()
      .references(() => triggers.id, { onDelete: 'cascade' }),
    /** The hex HMAC of the delivery (not a secret: it can only be checked, not forged, without the key). */
    signature: text('signature').notNull(),
    /** What the first delivery answered: the threads and runs it started. */
    fired: jsonb('fired').$type<{ thread_id: string; run_id: string }[]>().notNull().default([]),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.triggerId, t.signature] }),
    index('webhook_deliveries_expiry_idx').on(t.triggerId, t.expiresAt),
  ],
);
