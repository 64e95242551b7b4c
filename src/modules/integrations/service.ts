import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import type { IntegrationType } from '../../platform/db/schema/index.ts';
import { ApiError, conflict, notFound, unprocessable } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import type { CreateIntegrationInput, PatchIntegrationInput } from './schemas.ts';
import { type IntegrationRow, integrationsStore as store } from './store.ts';
import {
  type Checked,
  parseSettings,
  type Secrets,
  VendorCheckError,
  type VendorChecks,
  type WebhookTarget,
} from './vendor-checks.ts';
import type { MicrosoftApp } from './vendors/microsoft.ts';
import { toIntegrationSummary, toIntegrationView } from './views.ts';

/** A connected Microsoft 365 app as the connector's tools use it. */
export interface MicrosoftConnection {
  integrationId: string;
  app: MicrosoftApp;
  /** The tenant's data region for Graph searches (NAM, EUR, …), when the admin gave it. */
  region: string | null;
}

/** Integrations per organization. */
export const MAX_INTEGRATIONS = 50;

const TELEGRAM_CHANNELS: IntegrationType = 'telegram';
const CONNECTORS: IntegrationType = 'microsoft_365';

/** A vendor's verdict on settings an admin is saving: refused is the admin's to fix (422), unreachable is not. */
async function checked(check: () => Promise<Checked>): Promise<Checked> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof VendorCheckError)) throw error;
    if (error.kind === 'refused') throw unprocessable(error.message);
    throw new ApiError(502, 'vendor_error', error.message);
  }
}

const botTaken = () =>
  conflict('integration_exists', 'This bot is already connected to Atrium; one bot answers one integration');

/**
 * An organization's integrations: its admins connect a Telegram bot or a Microsoft 365 app. Settings are checked
 * with the vendor before anything is saved; secrets are sealed, and only the server ever reads them back.
 */
export function createIntegrationsService(deps: {
  db: Executor;
  secretBox: SecretBox;
  checks: VendorChecks;
  clock: Clock;
  /** Where an integration's bot delivers its updates (this server's public URL) and with which secret. */
  webhookOf: (integrationId: string) => WebhookTarget;
  /** Tells Telegram to stop delivering a deleted bot's updates (best effort: the bot may be gone already). */
  forgetWebhook: (botToken: string) => Promise<void>;
}) {
  const { db, secretBox, checks, clock, webhookOf } = deps;
  const seal = (secrets: Secrets) => secretBox.seal(JSON.stringify(secrets));
  const open = (row: IntegrationRow) => JSON.parse(secretBox.open(row.secretsSealed)) as Secrets;
  /** What is saved of settings the vendor just accepted. */
  const connectedWith = (vendor: Checked, secrets: Secrets) => ({
    config: vendor.config,
    secretsSealed: seal(secrets),
    vendorAccount: vendor.vendorAccount,
    status: 'connected' as const,
    lastValidatedAt: clock.now(),
    lastError: null,
  });

  async function existing(ex: Executor, organizationId: string, id: string): Promise<IntegrationRow> {
    const row = await store.find(ex, organizationId, id);
    if (!row) throw notFound('Integration');
    return row;
  }

  async function page(
    organizationId: string,
    type: IntegrationType | undefined,
    query: { cursor?: string | undefined; limit: number },
  ) {
    return store.page(db, organizationId, { type }, decodeCursor(query.cursor), query.limit);
  }

  const cursorOf = (row: IntegrationRow) => ({ v: row.createdAt.toISOString(), id: row.id });

  return {
    async list(ctx: RequestContext, query: { type?: IntegrationType | undefined; cursor?: string; limit: number }) {
      return toPage(await page(ctx.organizationId, query.type, query), query.limit, cursorOf, toIntegrationView);
    },

    /** `/v1/channels` (the Telegram bots) and `/v1/connectors` (Microsoft 365), for any credential. */
    async summaries(ctx: RequestContext, kind: 'channels' | 'connectors', query: { cursor?: string; limit: number }) {
      const type = kind === 'channels' ? TELEGRAM_CHANNELS : CONNECTORS;
      return toPage(await page(ctx.organizationId, type, query), query.limit, cursorOf, toIntegrationSummary);
    },

    async get(ctx: RequestContext, id: string) {
      return { integration: toIntegrationView(await existing(db, ctx.organizationId, id)) };
    },

    async create(ctx: RequestContext, input: CreateIntegrationInput) {
      const org = ctx.organizationId;
      const settings = parseSettings(input.type, input.config, input.secrets);
      const id = newId();
      const vendor = await checked(() =>
        checks.check(input.type, settings.config, settings.secrets, () => webhookOf(id)),
      );
      const row = await onUniqueViolation(
        () =>
          insertWithinCap(
            db,
            { what: 'integrations', scopeId: org, max: MAX_INTEGRATIONS },
            (tx) => store.count(tx, org),
            (tx) =>
              store.insert(tx, {
                id,
                organizationId: org,
                type: input.type,
                displayName: input.display_name,
                ...connectedWith(vendor, settings.secrets),
              }),
          ),
        botTaken,
      );
      return { integration: toIntegrationView(row) };
    },

    /**
     * A new name alone is saved as it is; new config or secrets are merged into the stored ones and checked with
     * the vendor first, so settings the vendor refuses are never saved.
     */
    async update(ctx: RequestContext, id: string, patch: PatchIntegrationInput) {
      const org = ctx.organizationId;
      const current = await existing(db, org, id);
      let changes: Parameters<typeof store.update>[3] = {};
      if (patch.config !== undefined || patch.secrets !== undefined) {
        const { bot_username: _kept, ...givenConfig } = current.config;
        const settings = parseSettings(
          current.type,
          { ...givenConfig, ...patch.config },
          { ...open(current), ...patch.secrets },
        );
        const vendor = await checked(() =>
          checks.check(current.type, settings.config, settings.secrets, () => webhookOf(id)),
        );
        changes = connectedWith(vendor, settings.secrets);
      }
      if (patch.display_name !== undefined) changes.displayName = patch.display_name;
      const row = await onUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            // Deleted while the vendor was asked: nothing to update.
            if (!(await store.findForUpdate(tx, org, id))) throw notFound('Integration');
            return store.update(tx, org, id, changes);
          }),
        botTaken,
      );
      return { integration: toIntegrationView(row) };
    },

    /** Asks the vendor again with the stored settings: `connected`, or `error` with why (the record either way). */
    async test(ctx: RequestContext, id: string) {
      const org = ctx.organizationId;
      const current = await existing(db, org, id);
      let outcome: Parameters<typeof store.update>[3];
      try {
        const vendor = await checks.check(current.type, current.config, open(current), () => webhookOf(id));
        outcome = { status: 'connected', lastValidatedAt: clock.now(), lastError: null, config: vendor.config };
      } catch (error) {
        if (!(error instanceof VendorCheckError)) throw error;
        outcome = { status: 'error', lastError: error.message };
      }
      const row = await db.transaction(async (tx) => {
        if (!(await store.findForUpdate(tx, org, id))) throw notFound('Integration');
        return store.update(tx, org, id, outcome);
      });
      return { integration: toIntegrationView(row) };
    },

    /**
     * The Microsoft 365 app the organization's agents search and read files through (its oldest connected one),
     * with the secret opened, or null when it has none.
     */
    async hasMicrosoftConnection(organizationId: string, ex: Executor = db): Promise<boolean> {
      return (await store.firstConnected(ex, organizationId, CONNECTORS)) !== null;
    },

    async microsoftConnection(organizationId: string, ex: Executor = db): Promise<MicrosoftConnection | null> {
      const row = await store.firstConnected(ex, organizationId, CONNECTORS);
      if (!row) return null;
      return {
        integrationId: row.id,
        app: {
          tenantId: String(row.config.tenant_id),
          clientId: String(row.config.client_id),
          clientSecret: open(row).clientSecret!,
        },
        region: typeof row.config.region === 'string' ? row.config.region : null,
      };
    },

    async remove(ctx: RequestContext, id: string) {
      const org = ctx.organizationId;
      const deleted = await db.transaction(async (tx) => {
        const row = await store.findForUpdate(tx, org, id);
        if (!row) throw notFound('Integration');
        if (await store.hasUsage(tx, org, id)) {
          throw conflict('integration_in_use', 'Usage events reference the integration, so it is kept for the reports');
        }
        await store.delete(tx, org, id);
        return row;
      });
      if (deleted.type === 'telegram') await deps.forgetWebhook(open(deleted).botToken!);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
