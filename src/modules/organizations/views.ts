import type { z } from 'zod';
import { isoOrNull } from '../../platform/http/time.ts';
import type { AdminOrganizationSchema, DemoOrganizationSchema, OrganizationSchema } from './schemas.ts';
import type { EnrichedOrganizationRow } from './store.ts';

export type OrganizationView = z.output<typeof OrganizationSchema>;
export type AdminOrganizationView = z.output<typeof AdminOrganizationSchema>;

export function toOrganizationView(row: EnrichedOrganizationRow): OrganizationView {
  const { org } = row;
  return {
    id: org.id,
    name: org.name,
    is_system: org.isSystem,
    is_suspended: org.isSuspended,
    plan_id: row.planId,
    plan_name: row.planName,
    subscription_id: row.subscriptionId,
    subscription_status: row.subscriptionStatus,
    policy_overrides: org.policyOverrides,
    industry: org.industry,
    primary_language: org.primaryLanguage,
    primary_timezone: org.primaryTimezone,
    user_count: row.userCount,
    created_at: org.createdAt.toISOString(),
    updated_at: org.updatedAt.toISOString(),
    deleted_at: isoOrNull(org.deletedAt),
  };
}

export function toAdminOrganizationView(row: EnrichedOrganizationRow): AdminOrganizationView {
  return {
    ...toOrganizationView(row),
    plan_slug: row.planSlug,
    task_count_last30d: row.taskCount,
  };
}

export function toDemoOrganizationView(row: EnrichedOrganizationRow): z.output<typeof DemoOrganizationSchema> {
  return { ...toAdminOrganizationView(row), expires_at: (row.org.demoExpiresAt ?? row.org.createdAt).toISOString() };
}
