import { z } from 'zod';

const name = z.string().trim().min(1).max(100);
const slug = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9-]+$/, 'slug may only contain lowercase letters, digits and hyphens');
const website = z.string().trim().max(255).nullable();
/** The API root with its version path, like the OpenAI SDK's baseURL. */
const baseUrl = z
  .url({ protocol: /^https?$/, message: 'base_url must be an http(s) URL' })
  .max(500)
  .nullable()
  .describe(
    'The API root with its version path. Private, loopback and link-local addresses (self-hosted models) are ' +
      'allowed unless the server runs with ATRIUM_ALLOW_PRIVATE_MODEL_URLS=false, which refuses them with 400.',
  );
const apiKey = z.string().min(1).max(512);

export const CreateAiProviderBody = z.strictObject({
  name,
  slug,
  website: website.optional(),
  base_url: baseUrl.optional(),
  api_key: apiKey.optional(),
});

export const PatchAiProviderBody = z.strictObject({
  name: name.optional(),
  slug: slug.optional(),
  website: website.optional(),
  base_url: baseUrl.optional(),
  api_key: apiKey.nullable().optional(),
});

export const AiProviderSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    website: z.string().nullable(),
    base_url: z.string().nullable().describe('The stored API root; null for a known vendor on its public address'),
    effective_base_url: z
      .string()
      .nullable()
      .describe('The API root the gateway calls: base_url, else the known vendor address; null when neither'),
    has_api_key: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AiProvider' });

export type AiProviderView = z.output<typeof AiProviderSchema>;
export type CreateAiProviderInput = z.output<typeof CreateAiProviderBody>;
export type PatchAiProviderInput = z.output<typeof PatchAiProviderBody>;
