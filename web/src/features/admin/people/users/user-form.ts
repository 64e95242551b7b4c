import { personErrors } from '../../../../lib/person-checks.ts';

import type { NewUser, Role, User, UserChanges } from './users-api.ts';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  role: Role;
  isDeveloper: boolean;
  /** '' for none. */
  departmentId: string;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

/** The API's body keys and the form's, for placing the API's refusals on their fields. */
export const USER_FIELDS = {
  first_name: 'firstName',
  last_name: 'lastName',
  display_name: 'displayName',
  email: 'email',
  role: 'role',
  department_id: 'departmentId',
} as const satisfies Record<string, keyof UserFormValues>;
export const USER_CODES = { duplicate_email: 'email', last_active_admin: 'role' } as const;

export function userFormValues(user?: User): UserFormValues {
  return {
    firstName: user?.first_name ?? '',
    lastName: user?.last_name ?? '',
    displayName: user?.display_name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'member',
    isDeveloper: user?.is_developer ?? false,
    departmentId: user?.department_id ?? '',
  };
}

/** The checks the API makes; the email only when creating (it never changes here). */
export function validateUserForm(values: UserFormValues, { withEmail }: { withEmail: boolean }): UserFormErrors {
  return personErrors(values, withEmail);
}

export function newUserBody(values: UserFormValues): NewUser {
  const displayName = values.displayName.trim();
  return {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    ...(displayName ? { display_name: displayName } : {}),
    email: values.email.trim().toLowerCase(),
    role: values.role,
    is_developer: values.isDeveloper,
  };
}

/** Only what changed, so a save never touches what the admin left alone; a blank display name is the default. */
export function userChanges(user: User, values: UserFormValues): UserChanges {
  const before = userFormValues(user);
  const changes: UserChanges = {};
  if (values.firstName.trim() !== before.firstName) changes.first_name = values.firstName.trim();
  if (values.lastName.trim() !== before.lastName) changes.last_name = values.lastName.trim();
  if (values.displayName.trim() !== before.displayName) changes.display_name = values.displayName.trim() || null;
  if (values.role !== before.role) changes.role = values.role;
  if (values.isDeveloper !== before.isDeveloper) changes.is_developer = values.isDeveloper;
  if (values.departmentId !== before.departmentId) changes.department_id = values.departmentId || null;
  return changes;
}

/** Departments as a picker lists them: by their path from the top ("Sales › EMEA"), alphabetically. */
export const roleLabel = (role: Role) => (role === 'admin' ? 'Admin' : 'Member');
