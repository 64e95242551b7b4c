import { z } from 'zod';

export const MODEL_KINDS = ['chat', 'image', 'audio', 'embedding', 'other'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

/** The version columns an import would write; only what the vendor listing lets us know. */
export const ImportFieldsSchema = z
  .object({
    modelId: z.string(),
    version: z.string(),
    displayName: z.string(),
    inputModalities: z.array(z.string()),
    outputModalities: z.array(z.string()),
    supportsToolUse: z.boolean().optional(),
    supportsStreaming: z.boolean().optional(),
    contextWindow: z.number().int().optional(),
    maxOutputTokens: z.number().int().optional(),
  })
  .meta({ id: 'AvailableModelFields' });

export const AvailableModelSchema = z
  .object({
    id: z.string().describe('The vendor model id'),
    display_name: z.string(),
    kind: z.enum(MODEL_KINDS),
    deprecated: z.boolean(),
    owned_by: z.string().nullable(),
    released_at: z.string().nullable(),
    tracked: z
      .object({ id: z.string(), name: z.string(), slug: z.string() })
      .nullable()
      .describe('The active category holding this id, or null'),
    fields: ImportFieldsSchema,
    vendor: z.record(z.string(), z.unknown()).describe('The raw vendor object'),
  })
  .meta({ id: 'AvailableModel' });

export const ListingSchema = z
  .object({
    documented: z.boolean().describe('Whether the vendor documents this listing (false for generic OpenAI-compatible)'),
    docs_url: z.string().nullable(),
    fetched_at: z.string(),
  })
  .meta({ id: 'ModelListing' });

export const AvailableModelsResponse = z.object({ models: z.array(AvailableModelSchema), listing: ListingSchema });

export type AvailableModel = z.output<typeof AvailableModelSchema>;
export type ImportFields = z.output<typeof ImportFieldsSchema>;
export type Listing = z.output<typeof ListingSchema>;
export type AvailableModels = z.output<typeof AvailableModelsResponse>;

/** What a vendor client needs for one call. */
export interface VendorRequest {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** ATRIUM_ALLOW_PRIVATE_MODEL_URLS: false refuses addresses resolving to loopback, private or link-local ones. */
  allowPrivateAddresses: boolean;
}

export type VendorClient = (req: VendorRequest) => Promise<AvailableModel[]>;

/** Classifies a model by its id (and, for Gemini, its supported methods). */
export function classifyKind(id: string, methods: readonly string[] = []): ModelKind {
  const s = id.toLowerCase();
  if (s.includes('embed') || methods.includes('embedContent')) return 'embedding';
  if (/dall-e|imagen|gpt-image|image-generation|stable-diffusion|flux/.test(s)) return 'image';
  if (/whisper|tts|audio|transcribe|speech/.test(s)) return 'audio';
  if (
    /^(gpt-|chatgpt|o\d|claude|gemini|gemma|llama|mistral|mixtral|codestral|qwen|deepseek|phi|command|grok)/.test(
      s.replace(/^.*\//, ''),
    ) ||
    methods.includes('generateContent')
  )
    return 'chat';
  return 'other';
}

/** Modalities known from the kind alone. */
export function modalitiesFor(kind: ModelKind, id: string): Pick<ImportFields, 'inputModalities' | 'outputModalities'> {
  switch (kind) {
    case 'embedding':
      return { inputModalities: ['text'], outputModalities: ['embeddings'] };
    case 'image':
      return { inputModalities: ['text'], outputModalities: ['image'] };
    case 'audio':
      return /tts|speech/.test(id.toLowerCase())
        ? { inputModalities: ['text'], outputModalities: ['audio'] }
        : { inputModalities: ['audio'], outputModalities: ['text'] };
    default:
      return { inputModalities: ['text'], outputModalities: ['text'] };
  }
}

/** `2024-08-06` or `20241022` at the end of an id, else the id itself. */
export function versionFromId(id: string): string {
  const m = /(\d{4}-\d{2}-\d{2}|\d{8})$/.exec(id);
  return m ? m[1]! : id;
}

export const toIso = (value: unknown): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
