import type { ConsoleRole, RoleInput, RoleSection } from '../access-api.ts';
import { inSectionOrder } from '../section-text.ts';

/** The API's bound of a role's name (trimmed). */
export const ROLE_NAME_MAX = 100;

export interface RoleFormValues {
  name: string;
  sections: RoleSection[];
}

export type RoleFormErrors = Partial<Record<keyof RoleFormValues, string>>;

/** The API's body keys and codes, for placing its refusals on their fields. */
export const ROLE_FIELDS = { name: 'name', sections: 'sections' } as const;
export const ROLE_CODES = { duplicate_name: 'name' } as const;

export const roleFormValues = (role?: ConsoleRole): RoleFormValues => ({
  name: role?.name ?? '',
  sections: role?.sections ?? [],
});

/** The API's checks: a name of 1 to 100 characters, and at least one section. */
export function validateRoleForm(values: RoleFormValues): RoleFormErrors {
  const name = values.name.trim();
  const errors: RoleFormErrors = {};
  if (!name) errors.name = 'Give the role a name.';
  else if (name.length > ROLE_NAME_MAX) errors.name = `At most ${ROLE_NAME_MAX} characters.`;
  if (values.sections.length === 0) errors.sections = 'Choose at least one section: a role must open something.';
  return errors;
}

export const roleBody = (values: RoleFormValues): RoleInput => ({
  name: values.name.trim(),
  sections: inSectionOrder(values.sections),
});

/** Only what changed; the sections compared as a set, since their order means nothing. */
export function roleChanges(role: ConsoleRole, values: RoleFormValues): Partial<RoleInput> {
  const next = roleBody(values);
  const changes: Partial<RoleInput> = {};
  if (next.name !== role.name) changes.name = next.name;
  if (next.sections.join() !== inSectionOrder(role.sections).join()) changes.sections = next.sections;
  return changes;
}
