import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { organizations } from './organizations.ts';

export type IntegrationType = 'telegram' | 'microsoft_365';
export type IntegrationStatus = 'connected' | 'error';

/**
 * An organization's inbound channel (a Telegram bot) or outbound connector (a Microsoft 365 app). The vendor
 * secrets are one sealed JSON object (the secret box), never stored or returned in plaintext.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: text('type').$type<IntegrationType>().notNull(),
    displayName: text('display_name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secretsSealed: text('secrets_sealed').notNull(),
    /**
     * What identifies the vendor account across organizations (the bot's id for Telegram, tenant and client for
     * Microsoft 365): one bot answers one webhook, so it can be connected once.
     */
    vendorAccount: text('vendor_account').notNull(),
    status: text('status').$type<IntegrationStatus>().notNull(),
    lastValidatedAt: instant('last_validated_at'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Lists: newest first within the organization, optionally of one type.
    index('integrations_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('integrations_org_type_created_idx').on(t.organizationId, t.type, t.createdAt, t.id),
    uniqueIndex('integrations_vendor_account_idx').on(t.type, t.vendorAccount).where(sql`${t.type} = 'telegram'`),
  ],
);
