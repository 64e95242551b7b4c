import { z } from 'zod';

function isTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export const OrganizationNameSchema = z.string().trim().min(1).max(255);
export const LanguageSchema = z.string().trim().min(1).max(32).refine(isLanguageTag, 'must be a BCP-47 language tag');
export const TimezoneSchema = z.string().trim().min(1).max(64).refine(isTimezone, 'must be an IANA time zone name');

export const AdminOrganizationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    is_system: z.boolean(),
    is_suspended: z.boolean(),
    plan_id: z.uuid().nullable(),
    plan_name: z.string().nullable(),
    plan_slug: z.string().nullable(),
    subscription_id: z.uuid().nullable(),
    subscription_status: z.string().nullable(),
    policy_overrides: z.record(z.string(), z.unknown()),
    industry: z.string().nullable(),
    primary_language: z.string(),
    primary_timezone: z.string(),
    user_count: z.number().int(),
    task_count_last30d: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'AdminOrganization' });

export const CreateOrganizationBody = z.strictObject({
  name: OrganizationNameSchema,
  industry: z.string().trim().max(255).nullish(),
  primary_language: LanguageSchema.default('en'),
  primary_timezone: TimezoneSchema.default('UTC'),
});

export type CreateOrganizationInput = z.output<typeof CreateOrganizationBody>;
