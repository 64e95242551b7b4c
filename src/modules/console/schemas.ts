import { z } from 'zod';
import { CreateUserBody } from '../users/schemas.ts';

/** The console may also place a user in a console role (system organization only, Authentication rule 10). */
export const AdminCreateUserBody = CreateUserBody.extend({ console_role_id: z.uuid().nullish() });
