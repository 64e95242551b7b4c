import { z } from 'zod';

/** Capabilities a version can serve, derived from its output modalities. */
export const CAPABILITIES = ['text', 'image', 'audio', 'embeddings'] as const;
/** Selection keys: the capabilities plus the `thinking` activity. */
export const SELECTION_KEYS = [...CAPABILITIES, 'thinking'] as const;
export type SelectionKey = (typeof SELECTION_KEYS)[number];

export const PickerQuery = z.object({ capability: z.enum(CAPABILITIES).optional() });

export const PickerModelSchema = z
  .object({
    id: z.uuid(),
    modelId: z.string(),
    displayName: z.string(),
    familyId: z.uuid(),
    familyName: z.string(),
    providerId: z.uuid(),
    providerName: z.string(),
    providerSlug: z.string(),
    capabilities: z.array(z.enum(SELECTION_KEYS)),
    contextWindow: z.int().nullable(),
    maxOutputTokens: z.int().nullable(),
  })
  .meta({ id: 'PickerModel' });
export type PickerModel = z.infer<typeof PickerModelSchema>;

/** Nested keys escape the request normaliser, so the item accepts `modelVersionId` as well. */
const Selection = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !('modelVersionId' in value))
      return value;
    const { modelVersionId, ...rest } = value as Record<string, unknown>;
    return 'model_version_id' in rest ? value : { ...rest, model_version_id: modelVersionId };
  },
  z.strictObject({ key: z.enum(SELECTION_KEYS), model_version_id: z.uuid() }),
);

export const SelectionsBody = z.strictObject({
  selections: z
    .array(Selection)
    .max(SELECTION_KEYS.length * 2)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const { key } of list) {
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `"${key}" is selected more than once` });
        seen.add(key);
      }
    }),
});
export type SelectionsInput = z.infer<typeof SelectionsBody>;

export const SelectionsSchema = z
  .object({ selections: z.array(z.object({ key: z.enum(SELECTION_KEYS), model_version_id: z.uuid() })) })
  .meta({ id: 'ModelSelections' });
export type SelectionsView = z.infer<typeof SelectionsSchema>;
