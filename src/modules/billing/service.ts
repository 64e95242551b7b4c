import type { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import type { PlanSchema } from './schemas.ts';
import { type PlanRow, plansStore } from './store.ts';

/** The wallet and spend-limit standing other modules read (run-start enforcement), through BillingService's spendStatus. */
export type { LimitStatus, SpendPrincipal, SpendStatus } from './limits.service.ts';

function toPlanView(row: PlanRow): z.output<typeof PlanSchema> {
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

/** Plans and subscriptions; the billing issue extends this with wallets, limits and invoices. */
export function createBillingService({ db }: { db: Executor }) {
  return {
    listPlans: async () => ({ data: (await plansStore.listActive(db)).map(toPlanView) }),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
