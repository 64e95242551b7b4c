import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

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
