import type { SystemUser } from '../access-api.ts';

/** What a system user's console role amounts to: an admin holds every section with or without one. */
export function consoleRoleText(user: SystemUser): string {
  if (user.console_role)
    return user.role === 'admin' ? `${user.console_role} (admin: every section)` : user.console_role;
  return user.role === 'admin' ? 'None (admin: every section)' : 'None: no access to the Console';
}
