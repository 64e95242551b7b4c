import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { aiModelVersions } from './catalog.ts';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * One metered model call. Written by the model gateway in the caller's transaction, so a call whose output is
 * rolled back leaves no charge behind. Cost is an exact integer in micro-cents (1 cent = 1,000,000); reports
 * round sums to whole cents. Agent, department, integration and run ids are plain references: those tables
 * belong to later modules and a usage row must outlive an archived agent.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id'),
    agentId: uuid('agent_id'),
    departmentId: uuid('department_id'),
    integrationId: uuid('integration_id'),
    channel: text('channel'),
    runId: uuid('run_id'),
    modelVersionId: uuid('model_version_id')
      .notNull()
      .references(() => aiModelVersions.id),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cachedInputTokens: integer('cached_input_tokens').notNull().default(0),
    /** Input tokens written to the vendor's prompt cache (Anthropic), priced at the cache-creation rate. */
    cacheWriteInputTokens: integer('cache_write_input_tokens').notNull().default(0),
    costMicroCents: bigint('cost_micro_cents', { mode: 'bigint' }).notNull(),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    // Migration 0015 rebuilds it covering (INCLUDE) the columns the usage reports read: drizzle cannot say INCLUDE.
    index('usage_events_org_time_idx').on(t.organizationId, t.occurredAt),
    index('usage_events_model_version_idx').on(t.modelVersionId),
    // With the time last: a spend limit's month of one agent, department or user is one index range.
    index('usage_events_org_agent_idx').on(t.organizationId, t.agentId, t.occurredAt),
    index('usage_events_org_department_idx').on(t.organizationId, t.departmentId, t.occurredAt),
    index('usage_events_org_user_idx').on(t.organizationId, t.userId, t.occurredAt),
    index('usage_events_integration_idx').on(t.integrationId),
  ],
);
