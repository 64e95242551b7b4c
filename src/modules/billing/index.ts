import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { JobLogger, JobWakeups } from '../../platform/jobs/index.ts';
import { createSpendEnforcement } from './enforcement.ts';
import { registerInvoiceAdminRoutes } from './invoices.admin.routes.ts';
import { createMonthlyInvoiceScheduler, MONTHLY_INVOICE_JOB, monthlyInvoiceHandler } from './invoices.job.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';
import { createInvoicesService } from './invoices.service.ts';
import { registerLimitsRoutes } from './limits.routes.ts';
import { createLimitsService } from './limits.service.ts';
import { registerPlanRoutes } from './plans.routes.ts';
import { createPlansService } from './plans.service.ts';
import { registerBillingProfileRoutes } from './profiles.routes.ts';
import { createBillingProfilesService } from './profiles.service.ts';
import { createBillingService } from './service.ts';
import { registerSubscriptionRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/**
 * Billing: plans (operators manage them), the organization's subscription, billing profiles, the wallet with its
 * ledger, spend limits, and invoices with their monthly job (its scheduler runs where the job worker runs).
 */
export function createBillingModule(deps: { db: Executor; clock: Clock; log: JobLogger; wakeups: JobWakeups }) {
  const plans = createPlansService(deps);
  const subscriptions = createSubscriptionsService(deps);
  const profiles = createBillingProfilesService(deps);
  const wallet = createWalletService(deps);
  const limits = createLimitsService({ ...deps, requireLiveOrganization: wallet.requireLiveOrganization });
  const invoices = createInvoicesService(deps);
  const service = {
    ...createBillingService(deps),
    wallet,
    limits,
    /** Run-start enforcement: the wallet and the limits covering a principal, spent and remaining. */
    spendStatus: limits.spendStatus,
    /** Spend enforcement of runs: at their start, and the pause when a limit is used up mid-way. */
    ...createSpendEnforcement(limits),
  };
  return {
    service,
    invoiceScheduler: createMonthlyInvoiceScheduler({
      ...deps,
      onEnqueued: () => deps.wakeups.wake(MONTHLY_INVOICE_JOB),
    }),
    jobs: { handlers: { [MONTHLY_INVOICE_JOB]: monthlyInvoiceHandler(invoices) } },
    routes(app: FastifyInstance) {
      registerPlanRoutes(app, plans);
      registerSubscriptionRoutes(app, subscriptions);
      registerBillingProfileRoutes(app, profiles);
      registerWalletRoutes(app, wallet);
      registerLimitsRoutes(app, limits);
      registerInvoiceRoutes(app, invoices);
      registerInvoiceAdminRoutes(app, invoices);
    },
  };
}
