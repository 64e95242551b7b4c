import { isLanguageTag } from '../../../lib/locale-checks.ts';
import { ORGANIZATION_LIMITS, type Organization, type OrganizationChanges } from './organization-api.ts';

export interface ProfileValues {
  name: string;
  industry: string;
  language: string;
  timezone: string;
}

export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** Where the API's `path: message` parts land. */
export const PROFILE_API_FIELDS: Readonly<Record<string, ProfileField>> = {
  name: 'name',
  industry: 'industry',
  primary_language: 'language',
  primary_timezone: 'timezone',
};

export const profileValuesOf = (organization: Organization): ProfileValues => ({
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
  if (
    language.length < ORGANIZATION_LIMITS.languageMin ||
    language.length > ORGANIZATION_LIMITS.languageMax ||
    !isLanguageTag(language)
  ) {
    errors.language = 'Give a language tag like en, de or pt-BR.';
  }
  if (!values.timezone) errors.timezone = 'Choose a time zone.';
  return errors;
}

/** Only what changed; a blank industry clears it. */
export function profileChanges(organization: Organization, values: ProfileValues): OrganizationChanges {
  const before = profileValuesOf(organization);
  const changes: OrganizationChanges = {};
  if (values.name.trim() !== before.name) changes.name = values.name.trim();
  const industry = values.industry.trim();
  if (industry !== before.industry) changes.industry = industry || null;
  if (values.language.trim() !== before.language) changes.primary_language = values.language.trim();
  if (values.timezone !== before.timezone) changes.primary_timezone = values.timezone;
  return changes;
}
