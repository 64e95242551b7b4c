import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/client.ts';
import { registerLimitsRoutes } from './limits.routes.ts';
import { createLimitsService } from './limits.service.ts';
import { registerBillingRoutes } from './routes.ts';
import { createBillingService } from './service.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/** Billing: the plans, the wallet with its ledger, spend limits (the billing issue adds invoices). */
export function createBillingModule(deps: { db: Executor; clock: Clock }) {
  const plans = createBillingService(deps);
  const wallet = createWalletService(deps);
  const limits = createLimitsService({ ...deps, requireLiveOrganization: wallet.requireLiveOrganization });
  const service = {
    ...plans,
    wallet,
    limits,
    /** Run-start enforcement: the wallet and the limits covering a principal, spent and remaining. */
    spendStatus: limits.spendStatus,
  };
  return {
    service,
    routes: (app: FastifyInstance) => {
      registerBillingRoutes(app, plans);
      registerWalletRoutes(app, wallet);
      registerLimitsRoutes(app, limits);
    },
  };
}
