import type { NewProvider, Provider, ProviderChanges } from '../models-api.ts';

/** The API's bounds (src/modules/catalog/schemas.ts). */
export const PROVIDER_LIMITS = { name: 100, slug: 50, website: 255, baseUrl: 500, apiKey: 512 } as const;
export const SLUG_PATTERN = /^[a-z0-9-]+$/;
/** Slugs the gateway knows the public address of; any other provider needs its base URL (openapi.json). */
export const KNOWN_SLUGS = ['openai', 'anthropic', 'google'] as const;

/** What happens to the stored key on save: kept as is, replaced by the typed one, or removed. */
export type KeyAction = 'keep' | 'replace' | 'clear';

export interface ProviderFormValues {
  name: string;
  slug: string;
  website: string;
  baseUrl: string;
  apiKey: string;
  keyAction: KeyAction;
}

export type ProviderFormErrors = Partial<Record<keyof ProviderFormValues, string>>;

export const PROVIDER_FIELDS = {
  name: 'name',
  slug: 'slug',
  website: 'website',
  base_url: 'baseUrl',
  api_key: 'apiKey',
} as const;
export const PROVIDER_CODES = { duplicate_slug: 'slug' } as const;

/** The key is never part of a provider as the API shows it: the form always starts without one. */
export const providerFormValues = (provider?: Provider): ProviderFormValues => ({
  name: provider?.name ?? '',
  slug: provider?.slug ?? '',
  website: provider?.website ?? '',
  baseUrl: provider?.base_url ?? '',
  apiKey: '',
  keyAction: provider ? 'keep' : 'replace',
});

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** `editing`: choosing to replace the stored key needs the new one (a new provider may have none yet). */
export function validateProviderForm(values: ProviderFormValues, editing = false): ProviderFormErrors {
  const found: ProviderFormErrors = {};
  const name = values.name.trim();
  if (!name) found.name = 'Give the provider a name.';
  else if (name.length > PROVIDER_LIMITS.name) found.name = `At most ${PROVIDER_LIMITS.name} characters.`;
  if (!values.slug) found.slug = 'Give the provider a slug.';
  else if (values.slug.length > PROVIDER_LIMITS.slug) found.slug = `At most ${PROVIDER_LIMITS.slug} characters.`;
  else if (!SLUG_PATTERN.test(values.slug)) found.slug = 'Only lowercase letters, digits and hyphens.';
  if (values.website.trim().length > PROVIDER_LIMITS.website)
    found.website = `At most ${PROVIDER_LIMITS.website} characters.`;
  const baseUrl = values.baseUrl.trim();
  if (baseUrl.length > PROVIDER_LIMITS.baseUrl) found.baseUrl = `At most ${PROVIDER_LIMITS.baseUrl} characters.`;
  else if (baseUrl && !isHttpUrl(baseUrl)) found.baseUrl = 'Give an http:// or https:// address.';
  else if (!baseUrl && !(KNOWN_SLUGS as readonly string[]).includes(values.slug))
    found.baseUrl = `Give the API's address: only ${KNOWN_SLUGS.join(', ')} have a known one.`;
  if (values.keyAction === 'replace' && values.apiKey.length > PROVIDER_LIMITS.apiKey)
    found.apiKey = `At most ${PROVIDER_LIMITS.apiKey} characters.`;
  else if (editing && values.keyAction === 'replace' && !values.apiKey) found.apiKey = 'Give the new key.';
  return found;
}

/** A new provider; an empty key is left out (no key yet), as are an empty website and base URL. */
export function newProviderBody(values: ProviderFormValues): NewProvider {
  const website = values.website.trim();
  const baseUrl = values.baseUrl.trim();
  return {
    name: values.name.trim(),
    slug: values.slug,
    ...(website ? { website } : {}),
    ...(baseUrl ? { base_url: baseUrl } : {}),
    ...(values.apiKey ? { api_key: values.apiKey } : {}),
  };
}

/** Only what changed; an emptied website or base URL clears it, and the key is sent only when replaced or cleared. */
export function providerChanges(provider: Provider, values: ProviderFormValues): ProviderChanges {
  const changes: ProviderChanges = {};
  const name = values.name.trim();
  const website = values.website.trim() || null;
  const baseUrl = values.baseUrl.trim() || null;
  if (name !== provider.name) changes.name = name;
  if (values.slug !== provider.slug) changes.slug = values.slug;
  if (website !== provider.website) changes.website = website;
  if (baseUrl !== provider.base_url) changes.base_url = baseUrl;
  if (values.keyAction === 'replace') changes.api_key = values.apiKey;
  if (values.keyAction === 'clear' && provider.has_api_key) changes.api_key = null;
  return changes;
}
