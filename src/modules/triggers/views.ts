import type { z } from 'zod';
import type { TriggerSchema, TriggerTarget } from './schemas.ts';
import type { TriggerRow } from './store.ts';

export function toTriggerView(row: TriggerRow): z.output<typeof TriggerSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    owner_type: row.ownerType,
    owner_id: row.ownerId,
    type: row.type,
    schedule: row.schedule,
    payload: row.payload,
    enabled: row.enabled,
    target: row.target as TriggerTarget,
    nextFireAt: row.type === 'cron' ? (row.nextFireAt?.toISOString() ?? null) : null,
    last_fired_at: row.lastFiredAt?.toISOString() ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
