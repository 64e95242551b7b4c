import { isLanguageTag, isTimeZone } from '../../../lib/locale-checks.ts';
import type { AdminOrganization, OrganizationChanges, OrganizationProfile } from './organizations-api.ts';

/** The API's bounds for the console (src/modules/organizations/schemas.ts CreateOrganizationBody, all trimmed). */
export const ORGANIZATION_LIMITS = { name: 255, industry: 255, language: 32, timezone: 64 } as const;

export interface ProfileValues {
  name: string;
  industry: string;
  language: string;
  timezone: string;
}

export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** Where the API's `path: message` parts and its conflicts land. */
export const PROFILE_FIELDS = {
  name: 'name',
  industry: 'industry',
  primary_language: 'language',
  primary_timezone: 'timezone',
} as const satisfies Record<string, ProfileField>;
export const PROFILE_CODES = { duplicate_name: 'name' } as const satisfies Record<string, ProfileField>;

/** A new organization starts as the API would default it: English, UTC. */
export const NEW_PROFILE: ProfileValues = { name: '', industry: '', language: 'en', timezone: 'UTC' };

export const profileValuesOf = (organization: AdminOrganization): ProfileValues => ({
  name: organization.name,
  industry: organization.industry ?? '',
  language: organization.primary_language,
  timezone: organization.primary_timezone,
});

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = values.name.trim();
  if (!name || name.length > ORGANIZATION_LIMITS.name) {
    errors.name = `Give the organization a name of 1 to ${ORGANIZATION_LIMITS.name} characters.`;
  }
  if (values.industry.trim().length > ORGANIZATION_LIMITS.industry) {
    errors.industry = `Keep the industry within ${ORGANIZATION_LIMITS.industry} characters.`;
  }
  const language = values.language.trim();
  if (!language || language.length > ORGANIZATION_LIMITS.language || !isLanguageTag(language)) {
    errors.language = 'Give a language tag like en, de or pt-BR.';
  }
  const timezone = values.timezone.trim();
  if (!timezone || timezone.length > ORGANIZATION_LIMITS.timezone || !isTimeZone(timezone)) {
    errors.timezone = 'Give an IANA time zone like UTC, Europe/Berlin or America/New_York.';
  }
  return errors;
}

/** The create body: an empty industry is left out. */
export function newProfileBody(values: ProfileValues): OrganizationProfile {
  const industry = values.industry.trim();
  return {
    name: values.name.trim(),
    ...(industry ? { industry } : {}),
    primary_language: values.language.trim(),
    primary_timezone: values.timezone.trim(),
  };
}

/** Only what changed; a blank industry clears it. */
export function profileChanges(organization: AdminOrganization, values: ProfileValues): OrganizationChanges {
  const before = profileValuesOf(organization);
  const changes: OrganizationChanges = {};
  if (values.name.trim() !== before.name) changes.name = values.name.trim();
  const industry = values.industry.trim();
  if (industry !== before.industry) changes.industry = industry || null;
  if (values.language.trim() !== before.language) changes.primary_language = values.language.trim();
  if (values.timezone.trim() !== before.timezone) changes.primary_timezone = values.timezone.trim();
  return changes;
}
