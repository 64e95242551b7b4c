import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { KNOWN_PROVIDER_BASE_URLS } from '../../platform/models/vendor-urls.ts';
import { checkProviderBaseUrl } from './base-url-policy.ts';
import type { AiProviderView, CreateAiProviderInput, PatchAiProviderInput } from './schemas.ts';
import { type AiProviderRow, aiProvidersStore as store } from './store.ts';

const vendorDefault = (slug: string): string | undefined => KNOWN_PROVIDER_BASE_URLS[slug];

/** The view never carries the key, sealed or not: only whether one is set. */
function toView(row: AiProviderRow): AiProviderView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    website: row.website,
    base_url: row.baseUrl,
    effective_base_url: row.baseUrl ?? vendorDefault(row.slug) ?? null,
    has_api_key: row.apiKeySealed !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const withUniqueSlug = <T>(write: () => Promise<T>) =>
  onUniqueViolation(write, () => conflict('duplicate_slug', 'An AI provider with this slug already exists'));

export function createAiProvidersService({
  db,
  secretBox,
  allowPrivateAddresses = true,
}: {
  db: Executor;
  secretBox: SecretBox;
  /** ATRIUM_ALLOW_PRIVATE_MODEL_URLS: false refuses base URLs on private networks. */
  allowPrivateAddresses?: boolean;
}) {
  async function row(id: string, ex: Executor = db) {
    const found = await store.findById(ex, id);
    if (!found) throw notFound('AI provider');
    return found;
  }
  const get = async (id: string) => toView(await row(id));

  return {
    list: async () => ({ data: (await store.list(db)).map(toView) }),
    get,

    async create(input: CreateAiProviderInput) {
      await checkProviderBaseUrl(input.base_url, allowPrivateAddresses);
      const id = newId();
      await withUniqueSlug(() =>
        store.insert(db, {
          id,
          name: input.name,
          slug: input.slug,
          website: input.website ?? null,
          baseUrl: input.base_url ?? null,
          apiKeySealed: input.api_key === undefined ? null : secretBox.seal(input.api_key),
        }),
      );
      return get(id);
    },

    async update(id: string, patch: PatchAiProviderInput) {
      await checkProviderBaseUrl(patch.base_url, allowPrivateAddresses);
      await db.transaction(async (tx) => {
        await row(id, tx);
        await withUniqueSlug(() =>
          store.update(tx, id, {
            name: patch.name,
            slug: patch.slug,
            website: patch.website,
            baseUrl: patch.base_url,
            apiKeySealed:
              patch.api_key === undefined ? undefined : patch.api_key === null ? null : secretBox.seal(patch.api_key),
          }),
        );
      });
      return get(id);
    },

    /** Soft delete: the row stays for history, its slug becomes free. */
    async remove(id: string) {
      await row(id);
      await store.softDelete(db, id);
    },

    /** The decrypted key for the gateway; null when none is set. Never expose it through the API. */
    async readApiKey(id: string): Promise<string | null> {
      const found = await row(id);
      return found.apiKeySealed === null ? null : secretBox.open(found.apiKeySealed);
    },
  };
}

export type AiProvidersService = ReturnType<typeof createAiProvidersService>;
