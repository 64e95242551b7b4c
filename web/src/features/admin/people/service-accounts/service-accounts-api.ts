import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../../lib/client-context.tsx';

export type ServiceAccount = components['schemas']['ServiceAccount'];
export type ApiKey = components['schemas']['ApiKey'];
export type IssuedApiKey = components['schemas']['IssuedApiKey'];
type Role = ServiceAccount['role'];

export interface NewServiceAccount {
  name: string;
  description: string | null;
  role: Role;
}

export type ServiceAccountChanges = Partial<NewServiceAccount & { is_suspended: boolean }>;

export interface NewApiKey {
  name: string;
  /** ISO 8601; absent: the key never expires. */
  expires_at?: string;
}

export const accountKeys = {
  all: ['admin', 'service-accounts'] as const,
  list: ['admin', 'service-accounts', 'list'] as const,
  detail: (id: string) => ['admin', 'service-accounts', 'detail', id] as const,
  apiKeys: (id: string) => ['admin', 'service-accounts', 'keys', id] as const,
};

const PAGE = 50;

export async function listServiceAccounts(client: AtriumClient, cursor: string | undefined) {
  return unwrap(await client.api.GET('/v1/service-accounts', { params: { query: { limit: PAGE, cursor } } }));
}

export async function getServiceAccount(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/service-accounts/{id}', { params: { path: { id } } }));
}

export async function createServiceAccount(client: AtriumClient, body: NewServiceAccount) {
  return unwrap(await client.api.POST('/v1/service-accounts', { body }));
}

export async function updateServiceAccount(client: AtriumClient, id: string, body: ServiceAccountChanges) {
  return unwrap(await client.api.PATCH('/v1/service-accounts/{id}', { params: { path: { id } }, body }));
}

export async function deleteServiceAccount(client: AtriumClient, id: string) {
  unwrap(await client.api.DELETE('/v1/service-accounts/{id}', { params: { path: { id } } }));
}

export async function listApiKeys(client: AtriumClient, id: string, cursor: string | undefined) {
  return unwrap(
    await client.api.GET('/v1/service-accounts/{id}/api-keys', {
      params: { path: { id }, query: { limit: PAGE, cursor } },
    }),
  );
}

export async function issueApiKey(client: AtriumClient, id: string, body: NewApiKey) {
  return unwrap(await client.api.POST('/v1/service-accounts/{id}/api-keys', { params: { path: { id } }, body }));
}

export async function revokeApiKey(client: AtriumClient, id: string, keyId: string) {
  unwrap(await client.api.DELETE('/v1/service-accounts/{id}/api-keys/{keyId}', { params: { path: { id, keyId } } }));
}
