import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { runs, threads } from './conversations.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

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

/**
 * A Telegram chat linked to a member through one bot: what the member writes there posts in `thread` as them.
 * One chat links once per bot; the link goes with its integration.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Telegram chat ids fit in 52 bits. */
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('telegram_links_chat_idx').on(t.integrationId, t.chatId),
    index('telegram_links_user_idx').on(t.organizationId, t.userId),
    index('telegram_links_thread_idx').on(t.threadId),
  ],
);

/** A one-time code a member sends the bot (`/start <code>`) to link a chat: its digest only, 10 minutes, one use. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeDigest: text('code_digest').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);

/**
 * The updates a bot's webhook received: acted on once each (`processed_at`), and those of one chat in the order
 * Telegram numbered them, whatever order their jobs run in.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    updateId: bigint('update_id', { mode: 'number' }).notNull(),
    /** The chat it came from; null for an update of no chat. */
    chatId: bigint('chat_id', { mode: 'number' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    processedAt: instant('processed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.integrationId, t.updateId] }),
    index('telegram_updates_pending_idx')
      .on(t.integrationId, t.chatId, t.updateId)
      .where(sql`${t.processedAt} is null`),
  ],
);

/** How far the reply of a run started from Telegram was sent: a retried delivery goes on where it stopped. */
export const telegramReplies = pgTable('telegram_replies', {
  runId: uuid('run_id')
    .primaryKey()
    .references(() => runs.id),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
  partsSent: integer('parts_sent').notNull().default(0),
  completedAt: instant('completed_at'),
});

/**
 * A question of a paused run (an approval, a clarification) as the bot asked it in a member's chat: the message
 * to find again when the member answers it by replying, or presses one of its buttons.
 */
export const telegramPrompts = pgTable(
  'telegram_prompts',
  {
    actId: uuid('act_id').notNull(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => telegramLinks.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.actId, t.linkId] }),
    index('telegram_prompts_message_idx').on(t.linkId, t.messageId),
  ],
);
