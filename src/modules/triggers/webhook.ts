import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { type FireDeps, fireTrigger } from './fire.ts';
import { WebhookAcceptedSchema } from './schemas.ts';
import type { TriggerOwners } from './service.ts';
import { triggersStore as store } from './store.ts';

/** Largest webhook body accepted (its bytes are kept raw for the signature). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
export const SIGNATURE_HEADER = 'x-atrium-signature';

export interface WebhookDeps extends FireDeps {
  db: Executor;
  owners: TriggerOwners;
  secretBox: SecretBox;
  onFired: () => void;
}

/** `sha256=<hex HMAC-SHA256 of the raw body keyed with the secret>`, compared in constant time. */
export function signatureMatches(secret: string, raw: Buffer, header: unknown): boolean {
  const match = typeof header === 'string' ? /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim()) : null;
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** A JSON object body is merged into the payload; another JSON value or text arrives as `body`. */
function bodyInput(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (raw.length === 0) return {};
  const text = raw.toString('utf8');
  if (!/\bjson\b/i.test(contentType ?? 'application/json')) return { body: text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON');
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : { body: parsed };
}

/**
 * `POST /v1/hooks/:triggerId`: public (the signature authenticates), in a scope of its own whose only body
 * parser keeps the raw bytes. An unknown, disabled or non-webhook trigger, or one whose agent or workflow is
 * archived, is 404; a missing or wrong signature is 401 `invalid_signature`.
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
        summary: 'Fire a webhook trigger; signed with X-Atrium-Signature: sha256=<hex HMAC-SHA256 of the raw body>',
        security: [],
        params: z.object({ triggerId: uuidParam }),
        response: {
          202: WebhookAcceptedSchema,
          ...errorResponses('public', { 401: ['invalid_signature'], 404: ['not_found'], 422: ['dlp_blocked'] }),
        },
      },
      handler: async (req, reply) => {
        const trigger = await store.findWebhook(deps.db, req.params.triggerId);
        if (!trigger?.secretSealed) throw notFound('Trigger');
        const raw = rawBodies.get(req) ?? Buffer.alloc(0);
        if (!signatureMatches(deps.secretBox.open(trigger.secretSealed), raw, req.headers[SIGNATURE_HEADER])) {
          throw new ApiError(401, 'invalid_signature', 'The X-Atrium-Signature header does not match the body');
        }
        const body = bodyInput(raw, req.headers['content-type']);
        const fired = await deps.db.transaction(async (tx) => {
          const { organizationId: org, ownerType, ownerId, createdBy } = trigger;
          if (!(await deps.owners.isActive(tx, org, ownerType, ownerId, createdBy))) throw notFound('Trigger');
          return fireTrigger(tx, deps, trigger, { input: { ...trigger.payload, ...body } });
        });
        deps.onFired();
        return reply.status(202).send({ data: fired.map((f) => ({ thread_id: f.thread.id, run_id: f.run.id })) });
      },
    });
  });
}
