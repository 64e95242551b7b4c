import type { IntegrationRow } from './store.ts';

const common = (row: IntegrationRow) => ({
  id: row.id,
  type: row.type,
  display_name: row.displayName,
  last_validated_at: row.lastValidatedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** An integration as its admins read it: never its secrets. */
export const toIntegrationView = (row: IntegrationRow) => ({
  ...common(row),
  organization_id: row.organizationId,
  config: row.config,
  status: row.status,
  last_error: row.lastError,
});

/** A summary row of `/v1/channels` and `/v1/connectors`: a connected integration is `active`. */
export const toIntegrationSummary = (row: IntegrationRow) => ({
  ...common(row),
  status: row.status === 'connected' ? ('active' as const) : ('error' as const),
});
