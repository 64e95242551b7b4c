import { z } from 'zod';
import { SELECTION_KEYS } from './selections.schemas.ts';

const name = z.string().trim().min(1).max(100);
const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'slug may only contain lowercase letters, digits and hyphens');
const description = z.string().trim().max(2000).nullable();
/** Query strings carry booleans as text; bodies as JSON booleans. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const CreateModelFamilyBody = z.strictObject({
  provider_id: z.uuid(),
  name,
  slug,
  description: description.optional(),
});

export const PatchModelFamilyBody = z.strictObject({
  provider_id: z.uuid().optional(),
  name: name.optional(),
  slug: slug.optional(),
  description: description.optional(),
  latest_version_id: z.uuid().nullable().optional(),
  is_active: z.boolean().optional(),
});

export const ListModelFamiliesQuery = z.object({ provider_id: z.uuid().optional() });

/** DELETE options, accepted in the query string or the body. */
export const DeleteModelFamilyOptions = z.object({
  replacement_family_id: z.uuid().optional(),
  soft: flag.optional(),
});

/** Vendor model ids from the provider's available-models listing; each appears once. */
export const ImportVersionsBody = z.strictObject({
  model_ids: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'modelIds must not repeat an id'),
  is_active: z.boolean().optional(),
});

export const FamilyUsageSchema = z
  .object({
    selections: z.array(
      z.object({
        organization_id: z.uuid(),
        organization_name: z.string(),
        key: z.enum(SELECTION_KEYS).describe('A capability (text, image, audio, embeddings) or the thinking activity'),
        model_version_id: z.uuid(),
        model_id: z.string().describe('The vendor model id of the selected version'),
      }),
    ),
    has_recorded_usage: z.boolean().describe('Whether usage events reference any version of the family'),
  })
  .meta({ id: 'AiModelFamilyUsage' });

export const ModelFamilySchema = z
  .object({
    id: z.uuid(),
    providerId: z.uuid(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    latestVersionId: z.uuid().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AiModelFamily' });

export type ModelFamilyView = z.output<typeof ModelFamilySchema>;
export type CreateModelFamilyInput = z.output<typeof CreateModelFamilyBody>;
export type PatchModelFamilyInput = z.output<typeof PatchModelFamilyBody>;
export type DeleteModelFamilyInput = z.output<typeof DeleteModelFamilyOptions>;
export type ImportVersionsInput = z.output<typeof ImportVersionsBody>;
export type FamilyUsageView = z.output<typeof FamilyUsageSchema>;
