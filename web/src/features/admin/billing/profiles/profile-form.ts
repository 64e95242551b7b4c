import { isEmail } from '../../../../lib/email.ts';
import type { BillingProfile } from '../../../billing/index.ts';
import type { NewProfile, ProfileChanges } from '../billing-api.ts';

export const CURRENCIES = ['AED', 'USD'] as const;
export const PAYMENT_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'net_60'] as const;
export const PAYMENT_METHODS = ['wire', 'check'] as const;

export const TERMS_LABELS: Record<(typeof PAYMENT_TERMS)[number], string> = {
  due_on_receipt: 'Due on receipt',
  net_15: 'Net 15 days',
  net_30: 'Net 30 days',
  net_60: 'Net 60 days',
};
export const METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  wire: 'Wire transfer',
  check: 'Check',
};

/** The text fields, each with the API's bound (src/modules/billing/profiles.schemas.ts); name and legal name required. */
export const TEXT_LIMITS = {
  name: 120,
  legal_name: 255,
  tax_id: 64,
  registration_number: 64,
  billing_email: 255,
  billing_contact_name: 255,
  billing_contact_phone: 32,
  address_line1: 255,
  address_line2: 255,
  address_city: 120,
  address_postal_code: 32,
  address_country: 2,
} as const;

export type TextField = keyof typeof TEXT_LIMITS;
const TEXT_FIELDS = Object.keys(TEXT_LIMITS) as TextField[];

export type ProfileValues = Record<TextField, string> & {
  currency: BillingProfile['currency'];
  payment_terms: BillingProfile['payment_terms'];
  default_payment_method: BillingProfile['default_payment_method'];
  is_default: boolean;
};
export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/**
 * The form's keys are the API's, so its `field: message` parts land on the same names; `is_default` has no field
 * (its refusal stays above the button).
 */
export const PROFILE_API_FIELDS = Object.fromEntries(
  [...TEXT_FIELDS, 'currency', 'payment_terms', 'default_payment_method'].map((key) => [key, key]),
) as Readonly<Record<string, ProfileField>>;

/** Zod's email check, which the API applies to the lower-cased address. */

/** A new profile starts with the API's defaults: AED, net 30, wire. */
export function profileValuesOf(profile?: BillingProfile): ProfileValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((key) => [key, profile?.[key] ?? ''])) as Record<TextField, string>;
  return {
    ...text,
    currency: profile?.currency ?? 'AED',
    payment_terms: profile?.payment_terms ?? 'net_30',
    default_payment_method: profile?.default_payment_method ?? 'wire',
    is_default: profile?.is_default ?? false,
  };
}

/** A text field as the API stores it: trimmed, the email lower-cased, the country upper-cased, blank as null. */
function stored(key: TextField, value: string): string | null {
  const trimmed = value.trim();
  if (key === 'billing_email') return trimmed.toLowerCase() || null;
  if (key === 'address_country') return trimmed.toUpperCase() || null;
  return trimmed || null;
}

/** Every rule the API checks, with its bounds, so a refusal rarely has to come from it. */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const found: ProfileErrors = {};
  for (const key of TEXT_FIELDS) {
    const value = stored(key, values[key]) ?? '';
    // The country's rule is its shape, said below.
    if (key !== 'address_country' && value.length > TEXT_LIMITS[key]) {
      found[key] = `At most ${TEXT_LIMITS[key]} characters.`;
    }
  }
  if (!values.name.trim()) found.name = `Give the profile a name of 1 to ${TEXT_LIMITS.name} characters.`;
  if (!values.legal_name.trim()) {
    found.legal_name = `Give the legal name of 1 to ${TEXT_LIMITS.legal_name} characters.`;
  }
  const email = stored('billing_email', values.billing_email);
  if (email && !found.billing_email && !isEmail(email)) {
    found.billing_email = 'Give an email address, like billing@example.com.';
  }
  const country = values.address_country.trim();
  if (country && !/^[A-Za-z]{2}$/.test(country)) {
    found.address_country = 'Give the two-letter country code, like AE or US.';
  }
  return found;
}

/** The create body: blank optional fields are left out (the API stores them as null). */
export function newProfileBody(values: ProfileValues): NewProfile {
  const body: NewProfile = {
    name: values.name.trim(),
    legal_name: values.legal_name.trim(),
    currency: values.currency,
    payment_terms: values.payment_terms,
    default_payment_method: values.default_payment_method,
  };
  for (const key of TEXT_FIELDS) {
    const value = stored(key, values[key]);
    if (value !== null && key !== 'name' && key !== 'legal_name') body[key] = value;
  }
  if (values.is_default) body.is_default = true;
  return body;
}

/** Only what differs from the stored profile (the PATCH is strict): a cleared field is sent as null. */
export function profileChanges(profile: BillingProfile, values: ProfileValues): ProfileChanges {
  const changes: ProfileChanges = {};
  const target = changes as Record<string, string | null>;
  for (const key of TEXT_FIELDS) {
    const value = stored(key, values[key]);
    if (value !== profile[key]) target[key] = value;
  }
  if (values.currency !== profile.currency) changes.currency = values.currency;
  if (values.payment_terms !== profile.payment_terms) changes.payment_terms = values.payment_terms;
  if (values.default_payment_method !== profile.default_payment_method) {
    changes.default_payment_method = values.default_payment_method;
  }
  return changes;
}
