import { z } from 'zod';
import { CONSOLE_SECTIONS } from '../../platform/auth/actor.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../platform/crypto/passwords.ts';

export const RoleSchema = z.enum(['admin', 'member']);
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'must be a valid email address' }));
const name = (max: number) => z.string().trim().min(1).max(max);

export const UserSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    organization_name: z.string(),
    organization_is_system: z.boolean(),
    first_name: z.string(),
    last_name: z.string(),
    display_name: z.string(),
    email: z.string(),
    role: RoleSchema,
    is_suspended: z.boolean(),
    is_developer: z.boolean(),
    console_role_id: z.uuid().nullable(),
    department_id: z.uuid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'User' });

export const MeSchema = UserSchema.extend({
  console_role: z.string().nullable(),
  console_sections: z.array(z.enum(CONSOLE_SECTIONS)).nullable(),
}).meta({ id: 'Me' });

export const SystemUserSchema = UserSchema.extend({ console_role: z.string().nullable() }).meta({ id: 'SystemUser' });

export const UserWithPasswordSchema = z.object({
  user: UserSchema,
  password: z.string().nullable().describe('One-time temporary password; shown only in this response'),
});

export const LookupRowSchema = z.object({ id: z.uuid(), display_name: z.string(), email: z.string() });

export const PatchMeBody = z
  .strictObject({ first_name: name(100), last_name: name(100), display_name: name(150) })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one of first_name, last_name, display_name' });

export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const ChangePasswordBody = z.strictObject({
  current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: PasswordSchema,
});

export const LookupQuery = z.strictObject({
  search: z.string().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const CreateUserBody = z.strictObject({
  first_name: name(255),
  last_name: name(255),
  display_name: name(255).nullish(),
  email: EmailSchema,
  role: RoleSchema.default('member'),
  is_developer: z.boolean().default(false),
});

export const PatchUserBody = z
  .strictObject({
    first_name: name(255),
    last_name: name(255),
    display_name: name(255).nullable(),
    role: RoleSchema,
    is_developer: z.boolean(),
    department_id: z.uuid().nullable().describe("A department of the user's organization; null clears it"),
  })
  .partial();

export type CreateUserInput = z.output<typeof CreateUserBody> & { console_role_id?: string | null };
export type PatchUserInput = z.output<typeof PatchUserBody> & {
  console_role_id?: string | null;
  is_suspended?: boolean;
};

/**
 * Console password reset: a chosen password, or none to have one generated. Routes take it `.nullish()`:
 * Fastify hands a missing body to the validator as null.
 */
export const SetPasswordBody = z.strictObject({ password: PasswordSchema.optional() });
