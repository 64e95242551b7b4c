import { isHexColor } from '../color.ts';
import { type Branding, type BrandingChanges, GUIDELINES_MAX } from './branding-api.ts';

export interface BrandingValues {
  primary: string;
  secondary: string;
  accent: string;
  guidelines: string;
}

export type BrandingField = keyof BrandingValues;

/** Where the API's `path: message` parts land. */
export const BRANDING_API_FIELDS: Readonly<Record<string, BrandingField>> = {
  color_primary: 'primary',
  color_secondary: 'secondary',
  color_accent: 'accent',
  guidelines_text: 'guidelines',
};

const API_KEYS: Record<BrandingField, keyof BrandingChanges> = {
  primary: 'color_primary',
  secondary: 'color_secondary',
  accent: 'color_accent',
  guidelines: 'guidelines_text',
};

export const brandingValuesOf = (branding: Branding): BrandingValues => ({
  primary: branding.color_primary ?? '',
  secondary: branding.color_secondary ?? '',
  accent: branding.color_accent ?? '',
  guidelines: branding.guidelines_text ?? '',
});

export function validateBranding(values: BrandingValues): Partial<Record<BrandingField, string>> {
  const errors: Partial<Record<BrandingField, string>> = {};
  for (const field of ['primary', 'secondary', 'accent'] as const) {
    if (values[field] !== '' && !isHexColor(values[field])) {
      errors[field] = 'Give a colour as #RRGGBB (six hex digits), or leave it empty to clear it.';
    }
  }
  if (values.guidelines.trim().length > GUIDELINES_MAX) {
    errors.guidelines = `Keep the guidelines within ${GUIDELINES_MAX} characters.`;
  }
  return errors;
}

/** Only what changed; an empty field is sent as the empty string, which clears it. */
export function brandingChanges(branding: Branding, values: BrandingValues): BrandingChanges {
  const before = brandingValuesOf(branding);
  const changes: BrandingChanges = {};
  for (const field of ['primary', 'secondary', 'accent'] as const) {
    if (values[field].toLowerCase() !== before[field]) changes[API_KEYS[field]] = values[field].toLowerCase();
  }
  if (values.guidelines.trim() !== before.guidelines) changes.guidelines_text = values.guidelines.trim();
  return changes;
}
