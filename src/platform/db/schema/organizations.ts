import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    isSystem: boolean('is_system').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    policyOverrides: jsonb('policy_overrides').$type<Record<string, unknown>>().notNull().default({}),
    industry: text('industry'),
    primaryLanguage: text('primary_language').notNull().default('en'),
    primaryTimezone: text('primary_timezone').notNull().default('UTC'),
    /** Demo organizations stop working for their members after this instant. */
    demoExpiresAt: instant('demo_expires_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    // Names are unique across the system, deleted ones included, so a restore can never collide.
    uniqueIndex('organizations_name_key').on(sql`lower(${t.name})`),
    index('organizations_created_idx').on(t.createdAt, t.id),
  ],
);
