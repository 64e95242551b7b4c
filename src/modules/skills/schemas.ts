import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { booleanQuery } from '../../platform/http/query.ts';

/** Bounds of skill fields (the spec's Limits table names none; see docs/decisions.md "Skills"). */
export const SKILL_SLUG_MAX = 64;
export const SKILL_NAME_MAX = 255;
export const SKILL_DESCRIPTION_MAX = 2000;
export const SKILL_WHEN_TO_USE_MAX = 2000;
export const SKILL_INSTRUCTIONS_MAX = 50_000;
export const SKILL_MANIFEST_MAX = 20_000;
export const SKILL_SCRIPTS_MAX = 100_000;

/** Letters (either case), digits, `-` and `_`, starting and ending with a letter or digit. */
export const SKILL_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/i;

/** Rejects values whose JSON form is longer than `max` characters. */
const jsonWithin = (max: number) => (value: unknown, ctx: z.RefinementCtx) => {
  if (JSON.stringify(value).length > max) {
    ctx.addIssue({ code: 'custom', message: `Too large (at most ${max} characters as JSON)` });
  }
};

export const skillSlug = z
  .string()
  .trim()
  .min(1)
  .max(SKILL_SLUG_MAX)
  .regex(SKILL_SLUG_PATTERN, 'Use letters, digits, - and _, starting and ending with a letter or digit')
  .describe('Unique within the organization case-insensitively; built-in slugs are reserved');

const name = z.string().trim().min(1).max(SKILL_NAME_MAX);
const description = z.string().trim().max(SKILL_DESCRIPTION_MAX).nullable();
const whenToUse = z
  .string()
  .trim()
  .min(1)
  .max(SKILL_WHEN_TO_USE_MAX)
  .describe('When a model should reach for this skill');
const instructions = z
  .string()
  .trim()
  .min(1)
  .max(SKILL_INSTRUCTIONS_MAX)
  .describe('What the model reads when the skill is used');
const manifestObject = z.record(z.string(), z.unknown());
const scriptsValue = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]);
const manifest = manifestObject.superRefine(jsonWithin(SKILL_MANIFEST_MAX)).nullable();
const scripts = scriptsValue.superRefine(jsonWithin(SKILL_SCRIPTS_MAX)).nullable();

export const SkillSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid().nullable().describe('null for a built-in skill'),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    when_to_use: z.string().nullable(),
    instructions: z.string(),
    manifest: manifestObject,
    scripts: scriptsValue,
    version: z.number().int().describe('1 at creation, +1 on every change'),
    is_archived: z.boolean(),
    created_by_user_id: z.uuid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Skill' });

export const SkillListQuery = pageQuery().extend({
  source: z
    .enum(['builtin', 'org', 'all'])
    .default('all')
    .describe("builtin: seeded skills; org: the organization's own; all (default): both"),
  is_archived: booleanQuery
    .default(false)
    .describe('Archived (true) or live (false, default) skills; built-in skills are never archived'),
});

export const CreateSkillBody = z.strictObject({
  slug: skillSlug,
  name,
  description: description.optional(),
  when_to_use: whenToUse,
  instructions,
  manifest: manifest.optional().describe('An object; omitted or null is {}'),
  scripts: scripts.optional().describe('An array or object; omitted or null is []'),
});

export const PatchSkillBody = z
  .strictObject({
    name,
    description: description.describe('null clears'),
    when_to_use: whenToUse,
    instructions,
    manifest: manifest.describe('null clears (back to {})'),
    scripts: scripts.describe('null clears (back to [])'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

export type SkillView = z.output<typeof SkillSchema>;
export type SkillListInput = z.output<typeof SkillListQuery>;
export type CreateSkillInput = z.output<typeof CreateSkillBody>;
export type PatchSkillInput = z.output<typeof PatchSkillBody>;
