import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { booleanQuery } from '../../platform/http/query.ts';

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

const language = (min: number, max: number) =>
  z.string().trim().min(min).max(max).refine(isLanguageTag, 'must be a BCP-47 language tag');
const timezone = (max: number) =>
  z.string().trim().min(1).max(max).refine(isTimezone, 'must be an IANA time zone name');

export const OrganizationNameSchema = z.string().trim().min(1).max(255);

/** Replaced wholesale on PATCH; only known keys with known values are accepted. */
export const PolicyOverridesSchema = z.strictObject({
  artifact_generation_mode: z.enum(['generators', 'sandbox']).optional(),
});

const organizationFields = {
  id: z.uuid(),
  name: z.string(),
  is_system: z.boolean(),
  is_suspended: z.boolean(),
  plan_id: z.uuid().nullable(),
  plan_name: z.string().nullable(),
  subscription_id: z.uuid().nullable(),
  subscription_status: z.string().nullable(),
  policy_overrides: z.record(z.string(), z.unknown()),
  industry: z.string().nullable(),
  primary_language: z.string(),
  primary_timezone: z.string(),
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
};

export const OrganizationSchema = z.object(organizationFields).meta({ id: 'Organization' });

export const AdminOrganizationSchema = z
  .object({ ...organizationFields, plan_slug: z.string().nullable(), task_count_last30d: z.number().int() })
  .meta({ id: 'AdminOrganization' });

export const DemoOrganizationSchema = AdminOrganizationSchema.extend({
  expires_at: z.string().describe('After this instant members get 403 org_suspended'),
}).meta({ id: 'DemoOrganization' });

export const CreateOrganizationBody = z.strictObject({
  name: OrganizationNameSchema,
  industry: z.string().trim().max(255).nullish(),
  primary_language: language(1, 32).default('en'),
  primary_timezone: timezone(64).default('UTC'),
});

export const AdminPatchOrganizationBody = z
  .strictObject({
    name: OrganizationNameSchema,
    industry: z.string().trim().max(255).nullable(),
    primary_language: language(1, 32),
    primary_timezone: timezone(64),
    policy_overrides: PolicyOverridesSchema,
  })
  .partial();

/** The organization's own admins edit it with the limits of "Organization configuration". */
export const OwnPatchOrganizationBody = z
  .strictObject({
    name: OrganizationNameSchema,
    industry: z.string().trim().max(200).nullable(),
    primary_language: language(2, 20),
    primary_timezone: timezone(100),
    policy_overrides: PolicyOverridesSchema,
  })
  .partial();

export const AdminOrganizationListQuery = pageQuery().extend({
  search: z.string().trim().max(255).optional(),
  is_system: booleanQuery.optional(),
  is_deleted: booleanQuery.default(false),
});

export type CreateOrganizationInput = z.output<typeof CreateOrganizationBody>;
export type PatchOrganizationInput = z.output<typeof AdminPatchOrganizationBody>;
export type OrganizationListFilter = { search?: string; isSystem?: boolean; isDeleted: boolean; isDemo?: boolean };
