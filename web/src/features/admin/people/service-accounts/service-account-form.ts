import type { NewApiKey, NewServiceAccount, ServiceAccount, ServiceAccountChanges } from './service-accounts-api.ts';

/** The API's bounds (src/modules/service-accounts/schemas.ts). */
export const ACCOUNT_LIMITS = { name: 120, description: 1000, keyName: 120 } as const;

export interface AccountFormValues {
  name: string;
  description: string;
  role: ServiceAccount['role'];
}

export type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;

export const ACCOUNT_FIELDS = { name: 'name', description: 'description', role: 'role' } as const;
export const ACCOUNT_CODES = { duplicate_name: 'name', forbidden_role: 'role' } as const;

export const accountFormValues = (account?: ServiceAccount): AccountFormValues => ({
  name: account?.name ?? '',
  description: account?.description ?? '',
  role: account?.role ?? 'member',
});

/** The name is trimmed, 1-120; the description is taken as typed, at most 1000. */
export function validateAccountForm(values: AccountFormValues): AccountFormErrors {
  const name = values.name.trim();
  const found: AccountFormErrors = {};
  if (!name) found.name = 'Give the account a name.';
  else if (name.length > ACCOUNT_LIMITS.name) found.name = `At most ${ACCOUNT_LIMITS.name} characters.`;
  if (values.description.trim().length > ACCOUNT_LIMITS.description) {
    found.description = `At most ${ACCOUNT_LIMITS.description} characters.`;
  }
  return found;
}

export const newAccountBody = (values: AccountFormValues): NewServiceAccount => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  role: values.role,
});

/** Only what changed; an emptied description clears it. */
export function accountChanges(account: ServiceAccount, values: AccountFormValues): ServiceAccountChanges {
  const next = newAccountBody(values);
  const changes: ServiceAccountChanges = {};
  if (next.name !== account.name) changes.name = next.name;
  if (next.description !== account.description) changes.description = next.description;
  if (next.role !== account.role) changes.role = next.role;
  return changes;
}

export interface KeyFormValues {
  name: string;
  /** A calendar date (YYYY-MM-DD) the key works through, or '' for a key that never expires. */
  expiresOn: string;
}

export type KeyFormErrors = Partial<Record<keyof KeyFormValues, string>>;
export const KEY_FIELDS = { name: 'name', expires_at: 'expiresOn' } as const;

/** The end of that day where the admin is: a key "valid through 30 June" works all of 30 June. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59.999`);

export function validateKeyForm(values: KeyFormValues, now = new Date()): KeyFormErrors {
  const name = values.name.trim();
  const found: KeyFormErrors = {};
  if (!name) found.name = 'Give the key a name.';
  else if (name.length > ACCOUNT_LIMITS.keyName) found.name = `At most ${ACCOUNT_LIMITS.keyName} characters.`;
  if (values.expiresOn) {
    const end = endOfDay(values.expiresOn);
    if (Number.isNaN(end.getTime())) found.expiresOn = 'Give a date, or leave it empty for no expiry.';
    else if (end <= now) found.expiresOn = 'Give a date from today on.';
  }
  return found;
}

export const newKeyBody = (values: KeyFormValues): NewApiKey => ({
  name: values.name.trim(),
  ...(values.expiresOn ? { expires_at: endOfDay(values.expiresOn).toISOString() } : {}),
});
