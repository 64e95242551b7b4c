import { z } from 'zod';

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
