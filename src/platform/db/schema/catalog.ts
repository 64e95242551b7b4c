import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

/** Platform-wide AI vendors of the model catalog; the API key is sealed with the secret box, never stored plain. */
export const aiProviders = pgTable(
  'ai_providers',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    website: text('website'),
    baseUrl: text('base_url'),
    apiKeySealed: text('api_key_sealed'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  // Slugs are unique among live providers; a deleted provider frees its slug.
  (t) => [uniqueIndex('ai_providers_live_slug_key').on(t.slug).where(sql`${t.deletedAt} is null`)],
);

/** Model categories ("families") of a provider; `latest_version_id` points at one of its own versions. */
export const aiModelFamilies = pgTable(
  'ai_model_families',
  {
    id: uuid('id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => aiProviders.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    latestVersionId: uuid('latest_version_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  // Slugs are unique per provider among live families; a deleted family's slug revives it when created again.
  (t) => [uniqueIndex('ai_model_families_live_slug_key').on(t.providerId, t.slug).where(sql`${t.deletedAt} is null`)],
);

/** Versions of a family: the vendor model id, capabilities and prices (integer cents). */
export const aiModelVersions = pgTable(
  'ai_model_versions',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => aiModelFamilies.id),
    modelId: text('model_id').notNull(),
    version: text('version').notNull(),
    displayName: text('display_name').notNull(),
    inputModalities: text('input_modalities').array().notNull().default(sql`'{}'::text[]`),
    outputModalities: text('output_modalities').array().notNull().default(sql`'{}'::text[]`),
    supportsToolUse: boolean('supports_tool_use').notNull().default(false),
    supportsStreaming: boolean('supports_streaming').notNull().default(false),
    supportsStructuredOutput: boolean('supports_structured_output').notNull().default(false),
    supportsThinking: boolean('supports_thinking').notNull().default(false),
    capabilities: jsonb('capabilities').$type<Record<string, unknown>>().notNull().default({}),
    contextWindow: integer('context_window'),
    maxOutputTokens: integer('max_output_tokens'),
    /** Cents per 1M tokens. */
    inputCostPer1m: integer('input_cost_per_1m'),
    outputCostPer1m: integer('output_cost_per_1m'),
    cachedInputCostPer1m: integer('cached_input_cost_per_1m'),
    cacheCreationCostPer1m: integer('cache_creation_cost_per_1m'),
    /** Cents per 1,000 minutes. */
    audioCostPer1kMinutes: integer('audio_cost_per_1k_minutes'),
    isActive: boolean('is_active').notNull().default(true),
    releasedAt: instant('released_at'),
    lastListedAt: instant('last_listed_at'),
    upstreamDeprecated: boolean('upstream_deprecated').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_model_versions_family_version_key').on(t.familyId, t.version),
    index('ai_model_versions_model_id_idx').on(t.modelId),
    check(
      'ai_model_versions_costs_non_negative',
      sql`coalesce(${t.inputCostPer1m}, 0) >= 0 and coalesce(${t.outputCostPer1m}, 0) >= 0 and coalesce(${t.cachedInputCostPer1m}, 0) >= 0 and coalesce(${t.cacheCreationCostPer1m}, 0) >= 0 and coalesce(${t.audioCostPer1kMinutes}, 0) >= 0`,
    ),
  ],
);

/** An organization's chosen model version per capability (`text`, `image`, ...) or activity (`thinking`). */
export const organizationModelSelections = pgTable(
  'organization_model_selections',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    key: text('key').notNull(),
    modelVersionId: uuid('model_version_id')
      .notNull()
      .references(() => aiModelVersions.id),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index('organization_model_selections_version_idx').on(t.modelVersionId),
  ],
);
