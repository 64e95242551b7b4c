import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { departments } from './departments.ts';
import { organizations } from './organizations.ts';

export const consoleRoles = pgTable(
  'console_roles',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    sections: text('sections').array().notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('console_roles_name_key').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** null means "first name + last name", computed when read. */
    displayName: text('display_name'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<'admin' | 'member'>().notNull().default('member'),
    isSuspended: boolean('is_suspended').notNull().default(false),
    isDeveloper: boolean('is_developer').notNull().default(false),
    consoleRoleId: uuid('console_role_id').references(() => consoleRoles.id),
    /** Set by org admins; usage events record it from then on. A deleted department leaves the user without one. */
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    // Emails are unique among users that still exist; a soft-deleted user frees the address.
    uniqueIndex('users_email_live_key').on(t.email).where(sql`${t.deletedAt} is null`),
    index('users_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('users_console_role_idx').on(t.consoleRoleId),
    index('users_department_idx').on(t.departmentId),
  ],
);
