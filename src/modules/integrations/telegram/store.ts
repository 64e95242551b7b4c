import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/client.ts';
import {
  acts,
  artifacts,
  integrations,
  messages,
  projectMembers,
  projects,
  runs,
  telegramLinkCodes,
  telegramLinks,
  telegramPrompts,
  telegramReplies,
  telegramUpdates,
  threads,
  users,
} from '../../../platform/db/schema/index.ts';

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;
export type TelegramBotRow = typeof integrations.$inferSelect;

/** A member who may still be asked: not suspended, not deleted. */
const activeUser = and(eq(users.isSuspended, false), isNull(users.deletedAt));

/** The Telegram channel's rows: links of chats to members, one-time link codes, updates acted on, reply progress. */
export const telegramStore = {
  /** What a finished run answered, and the chat it goes back to (none when the chat was unlinked since). */
  async runReply(db: Executor, organizationId: string, runId: string) {
    const [row] = await db
      .select({
        status: runs.status,
        error: runs.error,
        content: messages.content,
        chatId: telegramLinks.chatId,
        integrationId: telegramLinks.integrationId,
      })
      .from(runs)
      .innerJoin(
        telegramLinks,
        and(eq(telegramLinks.threadId, runs.threadId), eq(telegramLinks.integrationId, runs.integrationId)),
      )
      .leftJoin(messages, and(eq(messages.organizationId, runs.organizationId), eq(messages.id, runs.outputMessageId)))
      .where(and(eq(runs.organizationId, organizationId), eq(runs.id, runId)));
    return row ?? null;
  },

  /**
   * A bot by its integration id, whatever its organization: a webhook delivery names only the integration, and is
   * trusted only once its secret matched.
   */
  async botById(db: Executor, integrationId: string): Promise<TelegramBotRow | null> {
    const [row] = await db
      .select()
      .from(integrations)
      .where(and(eq(integrations.id, integrationId), eq(integrations.type, 'telegram')));
    return row ?? null;
  },

  async insertCode(
    db: Executor,
    row: { codeDigest: string; organizationId: string; userId: string; expiresAt: Date },
  ): Promise<void> {
    await db.insert(telegramLinkCodes).values(row);
  },

  /** Consumes a live code of the organization: the row is deleted, so a code links once. */
  async takeCode(
    db: Executor,
    organizationId: string,
    codeDigest: string,
    now: Date,
  ): Promise<{ userId: string } | null> {
    const [row] = await db
      .delete(telegramLinkCodes)
      .where(
        and(
          eq(telegramLinkCodes.codeDigest, codeDigest),
          eq(telegramLinkCodes.organizationId, organizationId),
          gt(telegramLinkCodes.expiresAt, now),
        ),
      )
      .returning({ userId: telegramLinkCodes.userId });
    return row ?? null;
  },

  /** A member's earlier codes: a new code replaces them, so one member holds at most one live code. */
  async deleteCodesOf(db: Executor, organizationId: string, userId: string): Promise<void> {
    await db
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.organizationId, organizationId), eq(telegramLinkCodes.userId, userId)));
  },

  async linkOfChat(db: Executor, integrationId: string, chatId: number): Promise<TelegramLinkRow | null> {
    const [row] = await db
      .select()
      .from(telegramLinks)
      .where(and(eq(telegramLinks.integrationId, integrationId), eq(telegramLinks.chatId, chatId)));
    return row ?? null;
  },

  async linkOfThread(db: Executor, organizationId: string, threadId: string): Promise<TelegramLinkRow | null> {
    const [row] = await db
      .select()
      .from(telegramLinks)
      .where(and(eq(telegramLinks.organizationId, organizationId), eq(telegramLinks.threadId, threadId)));
    return row ?? null;
  },

  /** A member's links with their bots' names, newest first. */
  linksOfUser(db: Executor, organizationId: string, userId: string) {
    return db
      .select({ link: telegramLinks, botUsername: sql<string | null>`${integrations.config}->>'bot_username'` })
      .from(telegramLinks)
      .innerJoin(integrations, eq(integrations.id, telegramLinks.integrationId))
      .where(and(eq(telegramLinks.organizationId, organizationId), eq(telegramLinks.userId, userId)))
      .orderBy(sql`${telegramLinks.createdAt} desc`, sql`${telegramLinks.id} desc`);
  },

  /** The organization's connected bots, oldest first: where a member can send a link code. */
  connectedBots(db: Executor, organizationId: string) {
    return db
      .select({
        id: integrations.id,
        displayName: integrations.displayName,
        username: sql<string | null>`${integrations.config}->>'bot_username'`,
      })
      .from(integrations)
      .where(
        and(
          eq(integrations.organizationId, organizationId),
          eq(integrations.type, 'telegram'),
          eq(integrations.status, 'connected'),
        ),
      )
      .orderBy(integrations.createdAt, integrations.id);
  },

  /** Links the chat (a chat linked before is linked again, to this member and thread). */
  async upsertLink(db: Executor, row: typeof telegramLinks.$inferInsert): Promise<TelegramLinkRow> {
    const [saved] = await db
      .insert(telegramLinks)
      .values(row)
      .onConflictDoUpdate({
        target: [telegramLinks.integrationId, telegramLinks.chatId],
        set: { userId: row.userId, threadId: row.threadId, organizationId: row.organizationId, createdAt: sql`now()` },
      })
      .returning();
    return saved!;
  },

  async deleteLink(db: Executor, organizationId: string, linkId: string): Promise<boolean> {
    const rows = await db
      .delete(telegramLinks)
      .where(and(eq(telegramLinks.organizationId, organizationId), eq(telegramLinks.id, linkId)))
      .returning({ id: telegramLinks.id });
    return rows.length > 0;
  },

  /** Keeps an update the webhook received (a redelivery changes nothing). */
  async receiveUpdate(
    db: Executor,
    row: { integrationId: string; updateId: number; chatId: number | null; payload: Record<string, unknown> },
  ): Promise<void> {
    await db.insert(telegramUpdates).values(row).onConflictDoNothing();
  },

  async receivedUpdate(db: Executor, integrationId: string, updateId: number) {
    const [row] = await db
      .select()
      .from(telegramUpdates)
      .where(and(eq(telegramUpdates.integrationId, integrationId), eq(telegramUpdates.updateId, updateId)));
    return row ?? null;
  },

  /**
   * Whether an earlier update of the chat (Telegram numbers a bot's updates in order), received within the last
   * `withinMs` (the database's clock, which stamped it), is not acted on yet.
   */
  async earlierPending(db: Executor, integrationId: string, chatId: number, updateId: number, withinMs: number) {
    const [row] = await db
      .select({ updateId: telegramUpdates.updateId })
      .from(telegramUpdates)
      .where(
        and(
          eq(telegramUpdates.integrationId, integrationId),
          eq(telegramUpdates.chatId, chatId),
          isNull(telegramUpdates.processedAt),
          lt(telegramUpdates.updateId, updateId),
          gt(telegramUpdates.receivedAt, sql`now() - make_interval(secs => ${withinMs / 1000})`),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Records an update as acted on; false when it already was (a redelivered job). */
  async markUpdate(db: Executor, integrationId: string, updateId: number): Promise<boolean> {
    const rows = await db
      .update(telegramUpdates)
      .set({ processedAt: sql`now()` })
      .where(
        and(
          eq(telegramUpdates.integrationId, integrationId),
          eq(telegramUpdates.updateId, updateId),
          isNull(telegramUpdates.processedAt),
        ),
      )
      .returning({ updateId: telegramUpdates.updateId });
    return rows.length > 0;
  },

  /** The chats linked by the active members who can see a thread: where its runs' questions are asked. */
  recipientsOfThread(db: Executor, organizationId: string, threadId: string) {
    // The thread's viewers (threads/visibility.ts): its owner and, in a project, the project's creator and members.
    const seesThread = sql`exists (select 1 from ${threads} t where t.id = ${threadId}
      and t.organization_id = ${organizationId}
      and (t.owner_id = ${telegramLinks.userId}
        or exists (select 1 from ${projects} p where p.id = t.project_id and (p.created_by = ${telegramLinks.userId}
          or exists (select 1 from ${projectMembers} m where m.project_id = p.id and m.member_id = ${telegramLinks.userId})))))`;
    return db
      .select({ link: telegramLinks })
      .from(telegramLinks)
      .innerJoin(users, eq(users.id, telegramLinks.userId))
      .where(and(eq(telegramLinks.organizationId, organizationId), activeUser, seesThread));
  },

  /** The chats the organization's active admins linked: where a spend-limit pause is asked. */
  adminRecipients(db: Executor, organizationId: string) {
    return db
      .select({ link: telegramLinks })
      .from(telegramLinks)
      .innerJoin(users, eq(users.id, telegramLinks.userId))
      .where(and(eq(telegramLinks.organizationId, organizationId), eq(users.role, 'admin'), activeUser));
  },

  /** A question of a run, with its run: what a prompt shows and where an answer goes. */
  async interruptOf(db: Executor, organizationId: string, actId: string) {
    const [row] = await db
      .select({
        actId: acts.id,
        status: acts.status,
        interrupt: acts.interrupt,
        runId: runs.id,
        threadId: runs.threadId,
        threadTitle: threads.title,
      })
      .from(acts)
      .innerJoin(runs, and(eq(runs.organizationId, acts.organizationId), eq(runs.id, acts.runId)))
      .innerJoin(threads, eq(threads.id, runs.threadId))
      .where(and(eq(acts.organizationId, organizationId), eq(acts.id, actId)));
    return row ?? null;
  },

  async insertPrompt(
    db: Executor,
    row: { actId: string; linkId: string; organizationId: string; messageId: number },
  ): Promise<void> {
    await db.insert(telegramPrompts).values(row).onConflictDoNothing();
  },

  async promptSent(db: Executor, organizationId: string, actId: string, linkId: string): Promise<boolean> {
    const [row] = await db
      .select({ actId: telegramPrompts.actId })
      .from(telegramPrompts)
      .where(
        and(
          eq(telegramPrompts.organizationId, organizationId),
          eq(telegramPrompts.actId, actId),
          eq(telegramPrompts.linkId, linkId),
        ),
      );
    return row !== undefined;
  },

  /** Where a question was asked: each chat's message, with its bot. */
  promptsOfAct(db: Executor, organizationId: string, actId: string) {
    return db
      .select({
        messageId: telegramPrompts.messageId,
        chatId: telegramLinks.chatId,
        integrationId: telegramLinks.integrationId,
      })
      .from(telegramPrompts)
      .innerJoin(telegramLinks, eq(telegramLinks.id, telegramPrompts.linkId))
      .where(and(eq(telegramPrompts.organizationId, organizationId), eq(telegramPrompts.actId, actId)));
  },

  /** The question a message of the bot asked in this chat, for an answer given as a reply to it. */
  async promptByMessage(db: Executor, organizationId: string, linkId: string, messageId: number) {
    const [row] = await db
      .select({ actId: telegramPrompts.actId })
      .from(telegramPrompts)
      .where(
        and(
          eq(telegramPrompts.organizationId, organizationId),
          eq(telegramPrompts.linkId, linkId),
          eq(telegramPrompts.messageId, messageId),
        ),
      );
    return row?.actId ?? null;
  },

  /** The files a run made, oldest first: sent after its answer as documents. */
  runFiles(db: Executor, organizationId: string, runId: string) {
    return db
      .select({
        filename: artifacts.filename,
        mimeType: artifacts.mimeType,
        sizeBytes: artifacts.sizeBytes,
        storageKey: artifacts.storageKey,
      })
      .from(artifacts)
      .where(
        and(eq(artifacts.organizationId, organizationId), eq(artifacts.runId, runId), eq(artifacts.status, 'ready')),
      )
      .orderBy(artifacts.createdAt, artifacts.id);
  },

  async startReply(db: Executor, organizationId: string, runId: string): Promise<void> {
    await db.insert(telegramReplies).values({ runId, organizationId }).onConflictDoNothing();
  },

  async replyProgress(db: Executor, organizationId: string, runId: string) {
    const [row] = await db
      .select()
      .from(telegramReplies)
      .where(and(eq(telegramReplies.organizationId, organizationId), eq(telegramReplies.runId, runId)));
    return row ?? null;
  },

  async recordPartSent(db: Executor, organizationId: string, runId: string, partsSent: number): Promise<void> {
    await db
      .update(telegramReplies)
      .set({ partsSent })
      .where(and(eq(telegramReplies.organizationId, organizationId), eq(telegramReplies.runId, runId)));
  },

  async completeReply(db: Executor, organizationId: string, runId: string): Promise<void> {
    await db
      .update(telegramReplies)
      .set({ completedAt: sql`now()` })
      .where(and(eq(telegramReplies.organizationId, organizationId), eq(telegramReplies.runId, runId)));
  },
};
