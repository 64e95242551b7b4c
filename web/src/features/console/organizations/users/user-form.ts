import { personErrors } from '../../../../lib/person-checks.ts';

import type { NewOrgUser, OrgUser, OrgUserChanges, Role } from '../organizations-api.ts';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  role: Role;
  isDeveloper: boolean;
  /** '' for none. */
  consoleRoleId: string;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

/** How the form is used: creating asks the email; a system organization's people carry a console role. */
export interface UserFormMode {
  create: boolean;
  /** The console role field is shown and editable (a system-organization user, and the person holds `access`). */
  consoleRole: boolean;
}

/** The API's body keys and the form's, for placing the API's refusals on their fields. */
export const USER_FIELDS = {
  first_name: 'firstName',
  last_name: 'lastName',
  display_name: 'displayName',
  email: 'email',
  role: 'role',
  is_developer: 'isDeveloper',
  console_role_id: 'consoleRoleId',
} as const satisfies Record<string, keyof UserFormValues>;

/**
 * Conflicts placed by their code. `validation_error` is only ever a console-role rule on these routes (SPEC.md
 * Authentication rule 10), so it lands on that field when the form shows it, and in the alert otherwise.
 */
export function userCodes(mode: UserFormMode): Record<string, keyof UserFormValues> {
  return {
    duplicate_email: 'email',
    last_active_admin: 'role',
    self_action_conflict: 'role',
    ...(mode.consoleRole ? { validation_error: 'consoleRoleId' as const } : {}),
  };
}

export function userFormValues(user?: OrgUser): UserFormValues {
  return {
    firstName: user?.first_name ?? '',
    lastName: user?.last_name ?? '',
    displayName: user?.display_name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'member',
    isDeveloper: user?.is_developer ?? false,
    consoleRoleId: user?.console_role_id ?? '',
  };
}

/** The checks the API makes, the console-role rule among them. */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const found: UserFormErrors = personErrors(values, mode.create);
  if (mode.consoleRole && values.role !== 'admin' && !values.consoleRoleId) {
    found.consoleRoleId = 'Members of the system organization need a console role; admins hold every section.';
  }
  return found;
}

export function newUserBody(values: UserFormValues, mode: UserFormMode): NewOrgUser {
  const displayName = values.displayName.trim();
  return {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    ...(displayName ? { display_name: displayName } : {}),
    email: values.email.trim().toLowerCase(),
    role: values.role,
    is_developer: values.isDeveloper,
    ...(mode.consoleRole && values.consoleRoleId ? { console_role_id: values.consoleRoleId } : {}),
  };
}

/** Only what changed; a blank display name is the default (first and last name). */
export function userChanges(user: OrgUser, values: UserFormValues, mode: UserFormMode): OrgUserChanges {
  const before = userFormValues(user);
  const changes: OrgUserChanges = {};
  if (values.firstName.trim() !== before.firstName) changes.first_name = values.firstName.trim();
  if (values.lastName.trim() !== before.lastName) changes.last_name = values.lastName.trim();
  if (values.displayName.trim() !== before.displayName) changes.display_name = values.displayName.trim() || null;
  if (values.role !== before.role) changes.role = values.role;
  if (values.isDeveloper !== before.isDeveloper) changes.is_developer = values.isDeveloper;
  if (mode.consoleRole && values.consoleRoleId !== before.consoleRoleId) {
    changes.console_role_id = values.consoleRoleId || null;
  }
  return changes;
}

export const roleLabel = (role: Role) => (role === 'admin' ? 'Admin' : 'Member');
