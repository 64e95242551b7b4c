import { z } from 'zod';
import { RoleSchema } from '../users/schemas.ts';

export const ServiceAccountSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    role: RoleSchema,
    is_suspended: z.boolean(),
    can_access_console: z.boolean(),
    can_mint_cross_org: z.boolean(),
    created_by_user_id: z.uuid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ServiceAccount' });

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    prefix: z.string(),
    name: z.string(),
    role: RoleSchema,
    organization_id: z.uuid(),
    service_account_id: z.uuid(),
    created_by_user_id: z.uuid().nullable(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const IssuedApiKeySchema = ApiKeySchema.extend({
  key: z.string().describe('The plaintext key; shown only in this response'),
}).meta({ id: 'IssuedApiKey' });

const name = z.string().trim().min(1).max(120);
const description = z.string().max(1000).nullable();

export const CreateServiceAccountBody = z.strictObject({
  name,
  description: description.optional(),
  role: RoleSchema.default('member'),
});

export const PatchServiceAccountBody = z
  .strictObject({ name, description, role: RoleSchema, is_suspended: z.boolean() })
  .partial();

export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  expires_at: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 timestamp' })
    .nullish()
    .refine((v) => v == null || Date.parse(v) > Date.now(), { message: 'must be in the future' }),
});

export type CreateServiceAccountInput = z.output<typeof CreateServiceAccountBody>;
export type PatchServiceAccountInput = z.output<typeof PatchServiceAccountBody>;
