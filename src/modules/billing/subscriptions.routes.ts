import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { ChangePlanBody, SubscriptionRowSchema, SubscriptionSchema } from './subscriptions.schemas.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const tags = ['Billing'];
const config = { auth: 'orgAdmin' } as const;
const noneLive = { 404: ['not_found'] } as const;
const managed = { 409: ['managed_externally'] } as const;

/** The organization's subscription, for its admins. */
export function registerSubscriptionRoutes(app: FastifyInstance, subscriptions: SubscriptionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/subscription', {
    config,
    schema: {
      tags,
      summary: 'The live subscription with its plan; 404 when none is live',
      response: { 200: SubscriptionSchema, ...errorResponses('orgAdmin', noneLive) },
    },
    handler: (req) => subscriptions.get(contextOf(req)),
  });

  r.post('/v1/organization/subscription/change-plan', {
    config: { auth: 'orgAdmin', validationStatus: 422 },
    schema: {
      tags,
      summary:
        'Move to another active plan: the live subscription is canceled and an active one starts now for a month (with none live, subscribes again)',
      body: ChangePlanBody,
      response: {
        200: SubscriptionSchema,
        ...errorResponses('orgAdmin', { 409: ['managed_externally', 'same_plan'], 422: ['validation_error'] }),
      },
    },
    handler: (req) => subscriptions.changePlan(contextOf(req), req.body.plan_id),
  });

  r.post('/v1/organization/subscription/cancel', {
    config,
    schema: {
      tags,
      summary: 'Cancel the live subscription now; model calls are then refused with 402 no_active_subscription',
      response: { 200: SubscriptionRowSchema, ...errorResponses('orgAdmin', { ...noneLive, ...managed }) },
    },
    handler: (req) => subscriptions.cancel(contextOf(req)),
  });
}
