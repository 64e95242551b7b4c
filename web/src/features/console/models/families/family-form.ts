import type { Family, FamilyChanges, NewFamily } from '../models-api.ts';
import { SLUG_PATTERN } from '../providers/provider-form.ts';

/** The API's bounds (src/modules/catalog/families.schemas.ts). */
export const FAMILY_LIMITS = { name: 100, slug: 100, description: 2000 } as const;

export interface FamilyFormValues {
  providerId: string;
  name: string;
  slug: string;
  description: string;
  /** '' for none. */
  latestVersionId: string;
  isActive: boolean;
}

export type FamilyFormErrors = Partial<Record<keyof FamilyFormValues, string>>;

export const FAMILY_FIELDS = {
  provider_id: 'providerId',
  name: 'name',
  slug: 'slug',
  description: 'description',
  latest_version_id: 'latestVersionId',
  is_active: 'isActive',
} as const;
export const FAMILY_CODES = { duplicate_slug: 'slug' } as const;

export const familyFormValues = (family?: Family, providerId = ''): FamilyFormValues => ({
  providerId: family?.providerId ?? providerId,
  name: family?.name ?? '',
  slug: family?.slug ?? '',
  description: family?.description ?? '',
  latestVersionId: family?.latestVersionId ?? '',
  isActive: family?.isActive ?? true,
});

export function validateFamilyForm(values: FamilyFormValues): FamilyFormErrors {
  const found: FamilyFormErrors = {};
  if (!values.providerId) found.providerId = 'Choose the provider.';
  const name = values.name.trim();
  if (!name) found.name = 'Give the family a name.';
  else if (name.length > FAMILY_LIMITS.name) found.name = `At most ${FAMILY_LIMITS.name} characters.`;
  if (!values.slug) found.slug = 'Give the family a slug.';
  else if (values.slug.length > FAMILY_LIMITS.slug) found.slug = `At most ${FAMILY_LIMITS.slug} characters.`;
  else if (!SLUG_PATTERN.test(values.slug)) found.slug = 'Only lowercase letters, digits and hyphens.';
  if (values.description.trim().length > FAMILY_LIMITS.description)
    found.description = `At most ${FAMILY_LIMITS.description} characters.`;
  return found;
}

/** A new family; an empty description is left out. */
export function newFamilyBody(values: FamilyFormValues): NewFamily {
  const description = values.description.trim();
  return {
    provider_id: values.providerId,
    name: values.name.trim(),
    slug: values.slug,
    ...(description ? { description } : {}),
  };
}

/** Only what changed; an emptied description clears it, "none" clears the latest version. */
export function familyChanges(family: Family, values: FamilyFormValues): FamilyChanges {
  const changes: FamilyChanges = {};
  const name = values.name.trim();
  const description = values.description.trim() || null;
  const latest = values.latestVersionId || null;
  if (values.providerId !== family.providerId) changes.provider_id = values.providerId;
  if (name !== family.name) changes.name = name;
  if (values.slug !== family.slug) changes.slug = values.slug;
  if (description !== family.description) changes.description = description;
  if (latest !== family.latestVersionId) changes.latest_version_id = latest;
  if (values.isActive !== family.isActive) changes.is_active = values.isActive;
  return changes;
}
