import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import { invalidRequest, notFound } from '../../platform/http/errors.ts';
import { parseRequestJson } from '../../platform/http/input-bounds.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { deliveriesStore as deliveries } from './deliveries.store.ts';
import { type FireDeps, fireTrigger } from './fire.ts';
import { WebhookAcceptedSchema } from './schemas.ts';
import { triggersStore as store } from './store.ts';
import type { CreatorStanding } from './targets.ts';
import { creatorMayFire } from './targets.ts';
import { verifyDelivery, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature.ts';

/** Largest webhook body accepted (its bytes are kept raw for the signature). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface WebhookDeps extends FireDeps, CreatorStanding {
  db: Executor;
  secretBox: SecretBox;
  onFired: () => void;
}

/** A JSON object body is merged into the payload; another JSON value or text arrives as `body`. */
function bodyInput(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  if (!/\bjson\b/i.test(contentType ?? 'application/json')) {
    // It becomes the run's input, stored as jsonb: PostgreSQL cannot hold a NUL there.
    if (text.includes('\u0000')) throw invalidRequest('The request body must not contain the NUL character');
    return { body: text };
  }
  const parsed = parseRequestJson(text);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : { body: parsed };
}

const DESCRIPTION =
  'Public: the signature authenticates. Headers: `X-Atrium-Timestamp: <unix seconds>` and `X-Atrium-Signature: ' +
  'sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>", keyed with the secret>`. A timestamp more than ' +
  `${WEBHOOK_TOLERANCE_SECONDS / 60} minutes away from the server's clock is 401 \`invalid_timestamp\`, a wrong ` +
  'signature 401 `invalid_signature`. A repeat of an accepted signature (a replay, or a retry) answers 202 with ' +
  'what the first delivery started and fires nothing. An unknown, disabled or non-webhook trigger, one whose ' +
  'agent or workflow is archived, or one whose creator may no longer address its target is 404.';

/**
 * `POST /v1/hooks/:triggerId`, in a scope of its own whose only body parser keeps the raw bytes. Accepted
 * signatures are recorded in the fire's transaction, so one delivery fires once across processes.
 */
export function registerWebhookRoute(app: FastifyInstance, deps: WebhookDeps): void {
  // The bytes stay beside the request, not in `body`, which shared hooks (case normalisation) rewrite.
  const rawBodies = new WeakMap<object, Buffer>();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (req, body, done) => {
      rawBodies.set(req, body as Buffer);
      done(null, undefined);
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/v1/hooks/:triggerId', {
      config: { auth: 'public' },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['Triggers'],
        summary: 'Fire a webhook trigger: signed timestamp and body; a replayed signature fires nothing',
        description: DESCRIPTION,
        security: [],
        params: z.object({ triggerId: uuidParam }),
        response: {
          202: WebhookAcceptedSchema,
          ...errorResponses('public', {
            401: ['invalid_signature', 'invalid_timestamp'],
            402: ['insufficient_balance', 'no_active_subscription', 'spend_limit_reached'],
            404: ['not_found'],
            422: ['dlp_blocked'],
          }),
        },
      },
      handler: async (req, reply) => {
        const trigger = await store.findWebhook(deps.db, req.params.triggerId);
        if (!trigger?.secretSealed) throw notFound('Trigger');
        const raw = rawBodies.get(req) ?? Buffer.alloc(0);
        const delivery = verifyDelivery(deps.secretBox.open(trigger.secretSealed), raw, req.headers, Date.now());
        const body = bodyInput(raw, req.headers['content-type']);
        const key = { organizationId: trigger.organizationId, triggerId: trigger.id, signature: delivery.signature };
        await deliveries.purgeExpired(deps.db, trigger.organizationId, trigger.id);
        const outcome = await deps.db.transaction(async (tx) => {
          if (!(await creatorMayFire(tx, deps, trigger))) throw notFound('Trigger');
          if (!(await deliveries.claim(tx, key, delivery.expiresAt))) {
            return { replayed: true, fired: await deliveries.fired(tx, key) };
          }
          const started = await fireTrigger(tx, deps, trigger, { input: { ...trigger.payload, ...body } });
          const fired = started.map((f) => ({ thread_id: f.thread.id, run_id: f.run.id }));
          await deliveries.recordFired(tx, key, fired);
          return { replayed: false, fired };
        });
        if (!outcome.replayed) deps.onFired();
        return reply.status(202).send({ data: outcome.fired });
      },
    });
  });
}
