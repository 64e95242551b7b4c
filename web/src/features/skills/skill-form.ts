import type { CreateSkillBody, Skill, SkillChanges } from './skills-api.ts';

/** The API's bounds (src/modules/skills/schemas.ts). */
export const SKILL_LIMITS = { slug: 64, name: 255, description: 2000, whenToUse: 2000, instructions: 50_000 } as const;
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/i;

export interface SkillFormValues {
  slug: string;
  name: string;
  description: string;
  whenToUse: string;
  instructions: string;
}

export type SkillFormErrors = Partial<Record<keyof SkillFormValues, string>>;

export function skillFormValues(skill?: Skill): SkillFormValues {
  return {
    slug: skill?.slug ?? '',
    name: skill?.name ?? '',
    description: skill?.description ?? '',
    whenToUse: skill?.when_to_use ?? '',
    instructions: skill?.instructions ?? '',
  };
}

const required = (value: string, max: number, missing: string): string | undefined => {
  const trimmed = value.trim();
  if (!trimmed) return missing;
  return trimmed.length > max ? `At most ${max} characters.` : undefined;
};

/** The checks the API makes on these fields (the slug only matters when creating: it never changes). */
export function validateSkillForm(values: SkillFormValues): SkillFormErrors {
  const found: SkillFormErrors = {
    slug: required(values.slug, SKILL_LIMITS.slug, 'Give the skill a slug.'),
    name: required(values.name, SKILL_LIMITS.name, 'Give the skill a name.'),
    description:
      values.description.trim().length > SKILL_LIMITS.description
        ? `At most ${SKILL_LIMITS.description} characters.`
        : undefined,
    whenToUse: required(values.whenToUse, SKILL_LIMITS.whenToUse, 'Say when a model should use this skill.'),
    instructions: required(values.instructions, SKILL_LIMITS.instructions, 'Write the skill’s instructions.'),
  };
  if (!found.slug && !SLUG_PATTERN.test(values.slug.trim())) {
    found.slug = 'Use letters, digits, - and _, starting and ending with a letter or digit.';
  }
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as SkillFormErrors;
}

/** The editable fields, trimmed as the API stores them. */
export const skillChanges = (values: SkillFormValues) =>
  ({
    name: values.name.trim(),
    description: values.description.trim() || null,
    when_to_use: values.whenToUse.trim(),
    instructions: values.instructions.trim(),
  }) satisfies SkillChanges;

export const newSkillBody = (values: SkillFormValues): CreateSkillBody => ({
  slug: values.slug.trim(),
  ...skillChanges(values),
});
