import { newProfileBody, type ProfileValues, validateProfile } from './organization-form.ts';
import type { NewOrgUser, OrganizationProfile } from './organizations-api.ts';
import { newUserBody, type UserFormMode, userFormValues, validateUserForm } from './users/user-form.ts';

/** The organization's profile and its first admin, asked on one form. */
export interface NewOrganizationValues extends ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** A new organization is never the system one, so its admin needs no console role. */
const ADMIN_MODE: UserFormMode = { create: true, consoleRole: false };

const adminValues = (values: NewOrganizationValues) => ({
  ...userFormValues(),
  firstName: values.firstName,
  lastName: values.lastName,
  email: values.email,
  role: 'admin' as const,
});

export function validateNewOrganization(values: NewOrganizationValues) {
  const { firstName, lastName, email } = validateUserForm(adminValues(values), ADMIN_MODE);
  const admin = Object.entries({ firstName, lastName, email }).filter(([, message]) => message);
  return { ...validateProfile(values), ...Object.fromEntries(admin) };
}

/** The two requests: the organization, then its admin (no developer access; that can be given later). */
export function newOrganizationRequest(values: NewOrganizationValues): {
  profile: OrganizationProfile;
  admin: NewOrgUser;
} {
  return { profile: newProfileBody(values), admin: newUserBody(adminValues(values), ADMIN_MODE) };
}
