import { boolean, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

/** The platform's default of each feature flag, set by operators; a flag with no row is off. */
export const platformFeatureFlags = pgTable('platform_feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** An organization's override of a flag: it shadows the platform default for that organization. */
export const organizationFeatureFlags = pgTable(
  'organization_feature_flags',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name] })],
);
