import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { JobLogger, JobWakeups } from '../../platform/jobs/index.ts';
import { registerInvoiceAdminRoutes } from './invoices.admin.routes.ts';
import { createMonthlyInvoiceScheduler, MONTHLY_INVOICE_JOB, monthlyInvoiceHandler } from './invoices.job.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';
import { createInvoicesService } from './invoices.service.ts';
import { registerBillingRoutes } from './routes.ts';
import { createBillingService } from './service.ts';

/**
 * Billing: the plans, and invoices with their monthly job (its scheduler runs where the job worker runs).
 */
export function createBillingModule(deps: { db: Executor; clock: Clock; log: JobLogger; wakeups: JobWakeups }) {
  const service = createBillingService(deps);
  const invoices = createInvoicesService(deps);
  return {
    service,
    invoices,
    invoiceScheduler: createMonthlyInvoiceScheduler({
      ...deps,
      onEnqueued: () => deps.wakeups.wake(MONTHLY_INVOICE_JOB),
    }),
    jobs: { handlers: { [MONTHLY_INVOICE_JOB]: monthlyInvoiceHandler(invoices) } },
    routes: (app: FastifyInstance) => {
      registerBillingRoutes(app, service);
      registerInvoiceRoutes(app, invoices);
      registerInvoiceAdminRoutes(app, invoices);
    },
  };
}
