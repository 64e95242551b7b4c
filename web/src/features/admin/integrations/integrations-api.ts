import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type Integration = components['schemas']['Integration'];
export type IntegrationType = Integration['type'];

/** What connecting takes, per type (the API checks it with the vendor before saving anything). */
export type NewIntegration =
  | { type: 'telegram'; display_name: string; config: Record<string, never>; secrets: { botToken: string } }
  | {
      type: 'microsoft_365';
      display_name: string;
      config: { tenant_id: string; client_id: string; region?: string };
      secrets: { clientSecret: string };
    };

/** A change: config and secrets are merged into the stored ones by the API, then checked with the vendor again. */
export interface IntegrationChanges {
  display_name?: string;
  /** null removes an optional key (the region). */
  config?: Record<string, string | null>;
  secrets?: Record<string, string>;
}

/** The API's bounds (src/modules/integrations/schemas.ts, vendor-checks.ts). */
export const INTEGRATION_LIMITS = { displayName: 200, clientSecret: 1024 };

export const TYPE_LABELS: Record<IntegrationType, string> = {
  telegram: 'Telegram bot',
  microsoft_365: 'Microsoft 365',
};

export const integrationKeys = { list: ['admin', 'integrations'] as const };

const PAGE = 100;

export async function listIntegrations(client: AtriumClient, cursor: string | undefined) {
  return unwrap(await client.api.GET('/v1/organization/integrations', { params: { query: { limit: PAGE, cursor } } }));
}

export async function connectIntegration(client: AtriumClient, body: NewIntegration) {
  return unwrap(await client.api.POST('/v1/organization/integrations', { body })).integration;
}

export async function updateIntegration(client: AtriumClient, integrationId: string, body: IntegrationChanges) {
  return unwrap(
    await client.api.PATCH('/v1/organization/integrations/{integrationId}', {
      params: { path: { integrationId } },
      body,
    }),
  ).integration;
}

export async function testIntegration(client: AtriumClient, integrationId: string) {
  return unwrap(
    await client.api.POST('/v1/organization/integrations/{integrationId}/test', {
      params: { path: { integrationId } },
    }),
  ).integration;
}

export async function deleteIntegration(client: AtriumClient, integrationId: string) {
  unwrap(
    await client.api.DELETE('/v1/organization/integrations/{integrationId}', { params: { path: { integrationId } } }),
  );
}
