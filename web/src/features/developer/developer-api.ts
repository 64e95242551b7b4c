import { type components, unwrap } from '@atrium/client';
import { readAllPages } from '../../lib/all-pages.ts';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type ServiceAccount = components['schemas']['ServiceAccount'];
export type ApiKey = components['schemas']['ApiKey'];
export type IssuedApiKey = components['schemas']['IssuedApiKey'];

export interface NewServiceAccount {
  name: string;
  description: string | null;
  role: 'admin' | 'member';
}

/** The API's bounds (src/modules/service-accounts/schemas.ts). */
export const DEVELOPER_LIMITS = { name: 120, description: 1000, keyName: 120 } as const;

export const developerKeys = {
  accounts: ['service-accounts'] as const,
  keys: (accountId: string) => ['service-accounts', accountId, 'api-keys'] as const,
};

export async function listServiceAccounts(client: AtriumClient) {
  return readAllPages(async (cursor) =>
    unwrap(await client.api.GET('/v1/service-accounts', { params: { query: { limit: 100, cursor } } })),
  );
}

export async function createServiceAccount(client: AtriumClient, body: NewServiceAccount) {
  return unwrap(await client.api.POST('/v1/service-accounts', { body }));
}

export async function listApiKeys(client: AtriumClient, id: string) {
  return readAllPages(async (cursor) =>
    unwrap(
      await client.api.GET('/v1/service-accounts/{id}/api-keys', {
        params: { path: { id }, query: { limit: 100, cursor } },
      }),
    ),
  );
}

export async function issueApiKey(client: AtriumClient, id: string, name: string) {
  return unwrap(
    await client.api.POST('/v1/service-accounts/{id}/api-keys', { params: { path: { id } }, body: { name } }),
  );
}

export async function revokeApiKey(client: AtriumClient, id: string, keyId: string) {
  unwrap(await client.api.DELETE('/v1/service-accounts/{id}/api-keys/{keyId}', { params: { path: { id, keyId } } }));
}
