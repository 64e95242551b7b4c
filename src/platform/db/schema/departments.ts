import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

/** An organization's departments: a tree through parent_department_id, to group people and costs by. */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    parentDepartmentId: uuid('parent_department_id').references((): AnyPgColumn => departments.id),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list is ordered by name (case-insensitively), keyset on (lower(name), id).
    index('departments_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
    index('departments_org_parent_idx').on(t.organizationId, t.parentDepartmentId),
  ],
);
