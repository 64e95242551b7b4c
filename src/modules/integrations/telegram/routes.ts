import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/auth/actor.ts';
import { contextOf } from '../../../platform/auth/guard.ts';
import type { Executor } from '../../../platform/db/client.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import { errorResponses, uuidParam } from '../../../platform/http/openapi.ts';
import { enqueue } from '../../../platform/jobs/index.ts';
import type { TelegramLinks } from './links.ts';
import { telegramStore } from './store.ts';
import { TELEGRAM_UPDATE_JOB, type WebhookSecrets } from './webhook.ts';

const tags = ['Channels'];
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const userIdOf = (ctx: RequestContext) => (ctx.actor.kind === 'user' ? ctx.actor.userId : '');

const LinkSchema = z
  .object({
    id: z.uuid(),
    integration_id: z.uuid(),
    bot_username: z.string().nullable(),
    chat_id: z.number().int(),
    thread_id: z.uuid().describe('The thread the chat talks in'),
    created_at: z.string(),
  })
  .meta({ id: 'TelegramLink' });

/** The chat an update came from (a message's, or that of the message a pressed button is under), if any. */
function chatOf(update: Record<string, unknown>): number | null {
  const carrier = (update.message ?? (update.callback_query as { message?: unknown } | undefined)?.message) as
    | { chat?: { id?: unknown } }
    | undefined;
  const id = carrier?.chat?.id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** Constant-time: the secret must not leak through how long a wrong guess took to refuse. */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The Telegram channel's routes: the bots' webhook (Telegram's, authenticated by the integration's secret
 * token), and a member's link code and links.
 */
export function registerTelegramRoutes(
  app: FastifyInstance,
  deps: { db: Executor; links: TelegramLinks; webhookSecret: WebhookSecrets; onUpdate: () => void },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/channels/telegram/:integrationId/webhook', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary:
        "Telegram's webhook for a bot: checks X-Telegram-Bot-Api-Secret-Token, acknowledges at once, and acts on the update from the job queue, once per update_id",
      params: z.object({ integrationId: uuidParam }),
      body: z.looseObject({ update_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
      response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses('public', { 401: ['unauthorized'] }) },
    },
    // Before the body is validated: a caller without the secret learns nothing, not even what the body should be.
    preValidation: async (req: FastifyRequest) => {
      const { integrationId } = req.params as { integrationId: string };
      if (!sameSecret(req.headers[SECRET_HEADER], deps.webhookSecret(integrationId))) {
        throw new ApiError(401, 'unauthorized', 'The webhook secret token is missing or wrong');
      }
    },
    handler: async (req) => {
      const { integrationId } = req.params;
      const updateId = req.body.update_id;
      await deps.db.transaction(async (tx) => {
        await telegramStore.receiveUpdate(tx, { integrationId, updateId, chatId: chatOf(req.body), payload: req.body });
        await enqueue(tx, {
          kind: TELEGRAM_UPDATE_JOB,
          payload: { integrationId, updateId },
          dedupeKey: `telegram.update:${integrationId}:${updateId}`,
          // An update waiting for an earlier one of its chat is retried: enough attempts to outlast that wait.
          maxAttempts: 10,
        });
      });
      deps.onUpdate();
      return { ok: true as const };
    },
  });

  r.post('/v1/channels/telegram/link-codes', {
    config: { auth: 'session' },
    schema: {
      tags,
      summary: 'A one-time code (10 minutes) to link a Telegram chat: send the bot /start <code>',
      response: {
        201: z
          .object({
            code: z.string(),
            expires_at: z.string(),
            bots: z
              .array(
                z.object({
                  integration_id: z.uuid(),
                  display_name: z.string(),
                  bot_username: z.string().nullable(),
                  start_url: z
                    .string()
                    .nullable()
                    .describe('https://t.me/<bot>?start=<code>: opens the chat with the code already sent'),
                }),
              )
              .describe("The organization's connected bots, oldest first: send the code to one of them"),
          })
          .meta({ id: 'TelegramLinkCode' }),
        ...errorResponses('session'),
      },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      return reply.status(201).send(await deps.links.createCode(ctx, userIdOf(ctx)));
    },
  });

  r.get('/v1/channels/telegram/links', {
    config: { auth: 'session' },
    schema: {
      tags,
      summary: "The signed-in member's linked Telegram chats, newest first",
      response: { 200: z.object({ data: z.array(LinkSchema) }), ...errorResponses('session') },
    },
    handler: (req) => {
      const ctx = contextOf(req);
      return deps.links.list(ctx, userIdOf(ctx));
    },
  });

  r.delete('/v1/channels/telegram/links/:linkId', {
    config: { auth: 'session' },
    schema: {
      tags,
      summary: 'Unlink a Telegram chat (your own; an org admin may unlink any of the organization)',
      params: z.object({ linkId: uuidParam }),
      response: { 204: z.null().describe('Unlinked'), ...errorResponses('session', { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => {
      const ctx = contextOf(req);
      await deps.links.remove(ctx, userIdOf(ctx), req.params.linkId);
      return reply.status(204).send(null);
    },
  });
}
