import { isEmail } from './email.ts';

/** The API's bounds of a user (src/modules/users/schemas.ts): names 1-255 trimmed, an email of at most 254. */
export const USER_LIMITS = { name: 255, email: 254 } as const;

export interface PersonValues {
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
}

const name = (value: string, missing: string) => {
  const trimmed = value.trim();
  if (!trimmed) return missing;
  return trimmed.length > USER_LIMITS.name ? `At most ${USER_LIMITS.name} characters.` : undefined;
};

/**
 * The API's checks of a person's names and, when creating (it never changes afterwards), their email: the message of
 * each field in error, none for the others.
 */
export function personErrors(values: PersonValues, withEmail: boolean): Partial<Record<keyof PersonValues, string>> {
  const email = values.email.trim();
  const found: Partial<Record<keyof PersonValues, string | undefined>> = {
    firstName: name(values.firstName, 'Give the first name.'),
    lastName: name(values.lastName, 'Give the last name.'),
    displayName:
      values.displayName.trim().length > USER_LIMITS.name ? `At most ${USER_LIMITS.name} characters.` : undefined,
  };
  if (withEmail) {
    if (!email) found.email = 'Give the email address.';
    else if (email.length > USER_LIMITS.email) found.email = `At most ${USER_LIMITS.email} characters.`;
    else if (!isEmail(email)) found.email = 'Give a valid email address, like name@example.com.';
  }
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message));
}
