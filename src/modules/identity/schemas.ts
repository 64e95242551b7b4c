import { z } from 'zod';
import { EmailSchema, MeSchema } from '../users/schemas.ts';

export const SessionSchema = z.object({ token: z.string(), expires_at: z.string() }).meta({ id: 'Session' });

export const MintBody = z.strictObject({
  email: z.string().max(254).pipe(EmailSchema),
  password: z.string().min(1).max(256),
});

export const RenewBody = z.strictObject({ token: z.string().min(1).max(4096) });

export const IdentitySchema = z
  .object({
    credential_type: z.enum(['session_token', 'api_key']),
    user_id: z.uuid().nullable(),
    organization_id: z.uuid(),
    role: z.enum(['admin', 'member']),
    api_key_id: z.uuid().nullable(),
    service_account_id: z.uuid().nullable(),
    can_mint_cross_org: z.boolean(),
    can_access_console: z.boolean(),
  })
  .meta({ id: 'Identity' });

/** The web app's session as a page may see it: never the token, which lives in an HttpOnly cookie. */
export const WebSessionSchema = z.object({ user: MeSchema, expires_at: z.string() }).meta({ id: 'WebSession' });

export const WebSessionRenewalSchema = z.object({ expires_at: z.string() }).meta({ id: 'WebSessionRenewal' });
