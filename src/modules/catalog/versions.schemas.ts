import { z } from 'zod';

export const MODALITIES = ['text', 'image', 'audio', 'video', 'embeddings', 'documents'] as const;

const modalities = z.array(z.enum(MODALITIES)).max(MODALITIES.length);
const count = z.int().min(0).max(2_147_483_647).nullable();
/** Integer cents per 1M tokens (audio: per 1,000 minutes); never floats. */
const cents = z.int().min(0).max(2_147_483_647).nullable();

/**
 * The request normaliser turns `inputCostPer1m` into `input_cost_per1m`; clients writing snake_case send
 * `input_cost_per_1m`. Both spellings reach the same field.
 */
const COST_ALIASES: Record<string, string> = {
  input_cost_per_1m: 'input_cost_per1m',
  output_cost_per_1m: 'output_cost_per1m',
  cached_input_cost_per_1m: 'cached_input_cost_per1m',
  cache_creation_cost_per_1m: 'cache_creation_cost_per1m',
  audio_cost_per_1k_minutes: 'audio_cost_per1k_minutes',
};
const aliased = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const target = COST_ALIASES[key] ?? key;
      if (Object.hasOwn(out, target)) return { ...out, [`${key} (given twice)`]: v };
      out[target] = v;
    }
    return out;
  }, schema);

const fields = {
  model_id: z.string().trim().min(1).max(200),
  version: z.string().trim().min(1).max(100),
  input_modalities: modalities,
  output_modalities: modalities,
  supports_tool_use: z.boolean(),
  supports_streaming: z.boolean(),
  supports_structured_output: z.boolean(),
  supports_thinking: z.boolean(),
  capabilities: z.record(z.string(), z.unknown()),
  context_window: count,
  max_output_tokens: count,
  input_cost_per1m: cents,
  output_cost_per1m: cents,
  cached_input_cost_per1m: cents,
  cache_creation_cost_per1m: cents,
  audio_cost_per1k_minutes: cents,
  is_active: z.boolean(),
  released_at: z.iso.datetime({ offset: true }).nullable(),
};

/** The fields that are optional on both create and patch. */
const optionalFields = {
  input_modalities: fields.input_modalities.optional(),
  output_modalities: fields.output_modalities.optional(),
  supports_tool_use: fields.supports_tool_use.optional(),
  supports_streaming: fields.supports_streaming.optional(),
  supports_structured_output: fields.supports_structured_output.optional(),
  supports_thinking: fields.supports_thinking.optional(),
  capabilities: fields.capabilities.optional(),
  context_window: fields.context_window.optional(),
  max_output_tokens: fields.max_output_tokens.optional(),
  input_cost_per1m: fields.input_cost_per1m.optional(),
  output_cost_per1m: fields.output_cost_per1m.optional(),
  cached_input_cost_per1m: fields.cached_input_cost_per1m.optional(),
  cache_creation_cost_per1m: fields.cache_creation_cost_per1m.optional(),
  audio_cost_per1k_minutes: fields.audio_cost_per1k_minutes.optional(),
  is_active: fields.is_active.optional(),
  released_at: fields.released_at.optional(),
};

export const CreateModelVersionBody = aliased(
  z.strictObject({
    family_id: z.uuid(),
    model_id: fields.model_id,
    version: fields.version,
    display_name: z.string().trim().max(200).nullable().optional(),
    ...optionalFields,
  }),
);

export const PatchModelVersionBody = aliased(
  z.strictObject({
    family_id: z.uuid().optional(),
    model_id: fields.model_id.optional(),
    version: fields.version.optional(),
    display_name: z.string().trim().min(1, 'displayName must not be blank').max(200).optional(),
    ...optionalFields,
  }),
);

export const ListModelVersionsQuery = z.object({ family_id: z.uuid().optional() });

export const ModelVersionSchema = z
  .object({
    id: z.uuid(),
    familyId: z.uuid(),
    modelId: z.string(),
    version: z.string(),
    displayName: z.string(),
    inputModalities: z.array(z.string()),
    outputModalities: z.array(z.string()),
    supportsToolUse: z.boolean(),
    supportsStreaming: z.boolean(),
    supportsStructuredOutput: z.boolean(),
    supportsThinking: z.boolean(),
    capabilities: z.record(z.string(), z.unknown()),
    contextWindow: z.int().nullable(),
    maxOutputTokens: z.int().nullable(),
    inputCostPer1m: z.int().nullable().describe('Cents per 1M input tokens'),
    outputCostPer1m: z.int().nullable().describe('Cents per 1M output tokens'),
    cachedInputCostPer1m: z.int().nullable().describe('Cents per 1M cached input tokens'),
    cacheCreationCostPer1m: z.int().nullable().describe('Cents per 1M cache-creation tokens'),
    audioCostPer1kMinutes: z.int().nullable().describe('Cents per 1,000 audio minutes'),
    isActive: z.boolean(),
    releasedAt: z.string().nullable(),
    // The spec spells the stamped fields snake_case, unlike the rest of the version.
    last_listed_at: z.string().nullable().describe('When a vendor listing (import or sync) last included the model'),
    upstream_deprecated: z.boolean().describe('Whether that listing marked the model deprecated'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AiModelVersion' });

export type ModelVersionView = z.output<typeof ModelVersionSchema>;
export type CreateModelVersionInput = z.output<typeof CreateModelVersionBody>;
export type PatchModelVersionInput = z.output<typeof PatchModelVersionBody>;
