import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import {
  ConfigureWalletBody,
  CreditResultSchema,
  CreditWalletBody,
  LedgerPageSchema,
  LedgerQuery,
  WalletSchema,
} from './wallet.schemas.ts';
import type { WalletService } from './wallet.service.ts';

const billing: AuthRequirement = { console: 'billing' };
const adminTags = ['Platform administration: billing'];
const params = z.object({ id: uuidParam });
const missing = { 404: ['not_found', 'no_wallet'] } as const;

/** The wallet: its organization's admins read it; operators (console section `billing`) manage it. */
export function registerWalletRoutes(app: FastifyInstance, wallets: WalletService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/wallet', {
    config: { auth: 'orgAdmin' },
    schema: {
      tags: ['Usage and billing'],
      summary: "The organization's wallet; 404 no_wallet means unlimited or not configured",
      response: { 200: WalletSchema, ...errorResponses('orgAdmin', { 404: ['no_wallet'] }) },
    },
    handler: (req) => wallets.own(contextOf(req)),
  });

  r.get('/v1/admin/organizations/:id/wallet', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: "An organization's wallet",
      params,
      response: { 200: WalletSchema, ...errorResponses(billing, missing) },
    },
    handler: (req) => wallets.get(req.params.id),
  });

  r.post('/v1/admin/organizations/:id/wallet', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: 'Create the wallet (201) or change its enforcement and low-balance threshold (200)',
      params,
      body: ConfigureWalletBody,
      response: {
        200: WalletSchema,
        201: WalletSchema,
        ...errorResponses(billing, { 404: ['not_found'] }),
      },
    },
    handler: async (req, reply) => {
      const { created, wallet } = await wallets.configure(req.params.id, req.body);
      return reply.status(created ? 201 : 200).send(wallet);
    },
  });

  r.post('/v1/admin/organizations/:id/wallet/credits', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: 'Credit the wallet: the ledger entry and the wallet with its new balance',
      params,
      body: CreditWalletBody,
      response: { 201: CreditResultSchema, ...errorResponses(billing, missing) },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await wallets.credit(contextOf(req), req.params.id, req.body)),
  });

  r.get('/v1/admin/organizations/:id/wallet/ledger', {
    config: { auth: billing },
    schema: {
      tags: adminTags,
      summary: "The wallet's ledger entries (credits and per-usage-event debits), newest first, in cursor pages",
      params,
      querystring: LedgerQuery,
      response: { 200: LedgerPageSchema, ...errorResponses(billing, missing) },
    },
    handler: (req) => wallets.ledger(req.params.id, req.query),
  });
}
