import type { z } from 'zod';
import { isoOrNull } from '../../platform/http/time.ts';
import type { ApiKeySchema, ServiceAccountSchema } from './schemas.ts';
import type { ApiKeyRow, ServiceAccountRow } from './store.ts';

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
    last_used_at: isoOrNull(row.lastUsedAt),
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
    last_used_at: isoOrNull(row.lastUsedAt),
    expires_at: isoOrNull(row.expiresAt),
    revoked_at: isoOrNull(row.revokedAt),
  };
}
