import { isHexColor } from '../color.ts';
import { type SuggestInput, type Surface, THEME_LIMITS } from './themes-api.ts';

export interface SuggestValues {
  brief: string;
  brandName: string;
  /** Colours as typed: `#rrggbb` codes separated by commas or spaces. */
  colors: string;
  guidelines: string;
}

export type SuggestField = keyof SuggestValues;

export const SUGGEST_API_FIELDS: Readonly<Record<string, SuggestField>> = {
  brief: 'brief',
  brand_name: 'brandName',
  colors: 'colors',
  guidelines: 'guidelines',
};

export const EMPTY_SUGGEST: SuggestValues = { brief: '', brandName: '', colors: '', guidelines: '' };

export const colorsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The API's checks (src/modules/themes/colors.schemas.ts), including "something to work from". */
export function validateSuggest(values: SuggestValues): Partial<Record<SuggestField, string>> {
  const errors: Partial<Record<SuggestField, string>> = {};
  const colors = colorsOf(values.colors);
  if (values.brief.length > THEME_LIMITS.brief)
    errors.brief = `Keep the brief within ${THEME_LIMITS.brief} characters.`;
  if (values.brandName.length > THEME_LIMITS.brandName) {
    errors.brandName = `Keep the brand name within ${THEME_LIMITS.brandName} characters.`;
  }
  if (colors.some((c) => !isHexColor(c))) errors.colors = 'Give each colour as #rrggbb, separated by commas.';
  else if (colors.length > THEME_LIMITS.colors) errors.colors = `Give at most ${THEME_LIMITS.colors} colours.`;
  if (values.guidelines.length > THEME_LIMITS.guidelines) {
    errors.guidelines = `Keep the guidelines within ${THEME_LIMITS.guidelines} characters.`;
  }
  const somethingToWorkFrom =
    values.brief.trim().length >= THEME_LIMITS.minBrief ||
    colors.length > 0 ||
    values.guidelines.trim().length >= THEME_LIMITS.minGuidelines;
  if (Object.keys(errors).length === 0 && !somethingToWorkFrom) {
    errors.brief = `Give colours, guidelines of at least ${THEME_LIMITS.minGuidelines} characters, or a brief of at least ${THEME_LIMITS.minBrief}.`;
  }
  return errors;
}

export function suggestInputOf(values: SuggestValues, surface: Surface): SuggestInput {
  const colors = colorsOf(values.colors);
  return {
    surface,
    ...(values.brief.trim() && { brief: values.brief.trim() }),
    ...(values.brandName.trim() && { brand_name: values.brandName.trim() }),
    ...(colors.length > 0 && { colors }),
    ...(values.guidelines.trim() && { guidelines: values.guidelines.trim() }),
  };
}
