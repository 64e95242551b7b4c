import { z } from 'zod';
import { CONSOLE_SECTIONS } from '../../platform/auth/actor.ts';
import { toSnakeKeys } from '../../platform/http/case.ts';
import { OrganizationNameSchema } from '../organizations/schemas.ts';
import { CreateUserBody, EmailSchema, PatchUserBody } from '../users/schemas.ts';

/** The console may also place a user in a console role (system organization only, Authentication rule 10). */
export const AdminCreateUserBody = CreateUserBody.extend({ console_role_id: z.uuid().nullish() });
export const AdminPatchUserBody = PatchUserBody.extend({ console_role_id: z.uuid().nullable().optional() });

/** System users: the console role and suspension of the caller's own (system) organization's people. */
export const PatchSystemUserBody = z
  .strictObject({ console_role_id: z.uuid().nullable(), is_suspended: z.boolean() })
  .partial();

const sections = z
  .array(z.enum(CONSOLE_SECTIONS))
  .min(1, 'a console role must grant at least one section')
  .max(CONSOLE_SECTIONS.length)
  .refine((list) => new Set(list).size === list.length, 'sections must not repeat');

export const ConsoleRoleSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    sections: z.array(z.enum(CONSOLE_SECTIONS)),
    user_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ConsoleRole' });

export const CreateConsoleRoleBody = z.strictObject({ name: z.string().trim().min(1).max(100), sections });
export const PatchConsoleRoleBody = CreateConsoleRoleBody.partial();

export const CreateDemoOrganizationBody = z.strictObject({
  name: OrganizationNameSchema,
  expires_at: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 timestamp' })
    .refine((v) => Date.parse(v) > Date.now(), { message: 'must be in the future' }),
  // Nested keys accept both spellings like top-level ones.
  admin: z.preprocess(
    toSnakeKeys,
    z.strictObject({
      email: EmailSchema,
      first_name: z.string().trim().min(1).max(255),
      last_name: z.string().trim().min(1).max(255),
    }),
  ),
});
