import { createHash, randomInt } from 'node:crypto';
import type { RequestContext } from '../../../platform/auth/actor.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Executor } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { telegramStore as store } from './store.ts';

/** The stored form of a link code: its digest, as typed in any case. */
export const digestLinkCode = (code: string) => createHash('sha256').update(code.toUpperCase()).digest('hex');

/** How long a link code may be sent to the bot. */
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;
/** No 0/O or 1/I: a code read off a screen and typed on a phone. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A member's side of the Telegram channel: a code to link a chat, the chats linked, and unlinking one. */
export function createTelegramLinks(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * A one-time code (its digest is stored, never the code) for `/start <code>` in a chat with a bot, with the
     * organization's connected bots to send it to. It replaces the member's earlier codes: only the newest one links.
     */
    async createCode(ctx: RequestContext, userId: string) {
      const code = newCode();
      const expiresAt = new Date(clock.now().getTime() + LINK_CODE_TTL_MS);
      await db.transaction(async (tx) => {
        await store.deleteCodesOf(tx, ctx.organizationId, userId);
        await store.insertCode(tx, {
          codeDigest: digestLinkCode(code),
          organizationId: ctx.organizationId,
          userId,
          expiresAt,
        });
      });
      const bots = await store.connectedBots(db, ctx.organizationId);
      return {
        code,
        expires_at: expiresAt.toISOString(),
        bots: bots.map((bot) => ({
          integration_id: bot.id,
          display_name: bot.displayName,
          bot_username: bot.username,
          // Telegram's deep link: opening it starts the chat with `/start <code>` already sent.
          start_url: bot.username ? `https://t.me/${bot.username}?start=${code}` : null,
        })),
      };
    },

    async list(ctx: RequestContext, userId: string) {
      const rows = await store.linksOfUser(db, ctx.organizationId, userId);
      return {
        data: rows.map(({ link, botUsername }) => ({
          id: link.id,
          integration_id: link.integrationId,
          bot_username: botUsername,
          chat_id: link.chatId,
          thread_id: link.threadId,
          created_at: link.createdAt.toISOString(),
        })),
      };
    },

    /** The member's own link, or any link of the organization for its admins; another's is not found. */
    async remove(ctx: RequestContext, userId: string, linkId: string) {
      const links = await store.linksOfUser(db, ctx.organizationId, userId);
      const own = links.some(({ link }) => link.id === linkId);
      if (!own && ctx.actor.role !== 'admin') throw notFound('Telegram link');
      if (!(await store.deleteLink(db, ctx.organizationId, linkId))) throw notFound('Telegram link');
    },
  };
}

export type TelegramLinks = ReturnType<typeof createTelegramLinks>;
