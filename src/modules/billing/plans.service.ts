import type { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { FREE_PLAN_SLUG } from '../organizations/service.ts';
import type { CreatePlanInput, PatchPlanInput } from './plans.schemas.ts';
import { type PlanChanges, type PlanRow, plansStore as store } from './plans.store.ts';
import type { PlanSchema } from './schemas.ts';

export function toPlanView(row: PlanRow): z.output<typeof PlanSchema> {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price_minor: row.priceMinor,
    currency: row.currency,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const slugTaken = () => conflict('duplicate_slug', 'A plan with this slug already exists');

/** The plans: offered to every organization (active ones), managed by operators. */
export function createPlansService({ db }: { db: Executor }) {
  return {
    listActive: async () => ({ data: (await store.listActive(db)).map(toPlanView) }),

    listAll: async () => ({ data: (await store.listAll(db)).map(toPlanView) }),

    async create(input: CreatePlanInput) {
      const row = await onUniqueViolation(
        () =>
          store.insert(db, {
            id: newId(),
            slug: input.slug,
            name: input.name,
            description: input.description ?? null,
            priceMinor: input.price_minor,
            currency: input.currency,
            isActive: input.is_active,
          }),
        slugTaken,
      );
      return toPlanView(row);
    },

    /** Deactivating a plan stops offering it; the subscriptions on it continue. */
    async update(id: string, patch: PatchPlanInput) {
      const row = await db.transaction(async (tx) => {
        const plan = await store.find(tx, id);
        if (!plan) throw notFound('Plan');
        if (patch.slug !== undefined && patch.slug !== plan.slug && plan.slug === FREE_PLAN_SLUG) {
          throw conflict('plan_slug_fixed', 'New organizations are subscribed to the free plan by its slug');
        }
        const changes: PlanChanges = {
          slug: patch.slug,
          name: patch.name,
          description: patch.description,
          priceMinor: patch.price_minor,
          currency: patch.currency,
          isActive: patch.is_active,
        };
        return onUniqueViolation(() => store.update(tx, id, changes), slugTaken);
      });
      if (!row) throw notFound('Plan');
      return toPlanView(row);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
