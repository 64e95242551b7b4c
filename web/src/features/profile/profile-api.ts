import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Me = components['schemas']['Me'];

export interface NameChanges {
  first_name: string;
  last_name: string;
  display_name: string;
}

export const meKey = ['users', 'me'] as const;

/** The API's bounds (src/modules/users/schemas.ts, src/platform/crypto/passwords.ts). */
export const PROFILE_LIMITS = { firstName: 100, lastName: 100, displayName: 150, passwordMin: 12, passwordMax: 256 };

export async function getMe(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/users/me'));
}

export async function updateMyNames(client: AtriumClient, changes: NameChanges) {
  return unwrap(await client.api.PATCH('/v1/users/me', { body: changes }));
}

export async function changeMyPassword(client: AtriumClient, currentPassword: string, newPassword: string) {
  unwrap(
    await client.api.POST('/v1/users/me/password', {
      body: { current_password: currentPassword, new_password: newPassword },
    }),
  );
}
