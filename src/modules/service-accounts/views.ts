import type { z } from 'zod';
import type { ApiKeySchema, ServiceAccountSchema } from './schemas.ts';
import type { ApiKeyRow, ServiceAccountRow } from './store.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toServiceAccountView(row: ServiceAccountRow): z.output<typeof ServiceAccountSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    description: row.description,
    role: row.role,
    is_suspended: row.isSuspended,
    can_access_console: row.canAccessConsole,
    can_mint_cross_org: row.canMintCrossOrg,
    created_by_user_id: row.createdByUserId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
  };
}

export function toApiKeyView(row: ApiKeyRow): z.output<typeof ApiKeySchema> {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    role: row.role,
    organization_id: row.organizationId,
    service_account_id: row.serviceAccountId,
    created_by_user_id: row.createdByUserId,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
    revoked_at: iso(row.revokedAt),
  };
}
