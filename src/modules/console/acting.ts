import { contextOf } from '../../platform/auth/guard.ts';
import { conflict } from '../../platform/http/errors.ts';
import type { ActingUser } from '../users/service.ts';

/** On the console, acting on oneself is a state conflict (409), not a permission problem. */
export function consoleActing(request: Parameters<typeof contextOf>[0]): ActingUser {
  const { actor } = contextOf(request);
  return {
    userId: actor.kind === 'user' ? actor.userId : null,
    selfError: conflict('self_action_conflict', 'You cannot change your own role, suspend or delete yourself'),
    selfMayEditProfile: true,
  };
}
