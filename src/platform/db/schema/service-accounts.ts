import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const serviceAccounts = pgTable(
  'service_accounts',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    description: text('description'),
    role: text('role').$type<'admin' | 'member'>().notNull().default('member'),
    isSuspended: boolean('is_suspended').notNull().default(false),
    canAccessConsole: boolean('can_access_console').notNull().default(false),
    canMintCrossOrg: boolean('can_mint_cross_org').notNull().default(false),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at'),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('service_accounts_org_name_live_key')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('service_accounts_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    serviceAccountId: uuid('service_account_id')
      .notNull()
      .references(() => serviceAccounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the plaintext, hex; the plaintext itself is never stored. */
    keyDigest: text('key_digest').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at'),
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_digest_key').on(t.keyDigest),
    index('api_keys_account_created_idx').on(t.serviceAccountId, t.createdAt, t.id),
  ],
);
