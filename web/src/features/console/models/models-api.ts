import { type components, type paths, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type Provider = components['schemas']['AiProvider'];
export type Family = components['schemas']['AiModelFamily'];
export type Version = components['schemas']['AiModelVersion'];
export type FamilyUsage = components['schemas']['AiModelFamilyUsage'];
export type AvailableModel = components['schemas']['AvailableModel'];
export type SyncResult = components['schemas']['AiModelSyncResult'];

type JsonBody<T> = T extends { requestBody?: { content: { 'application/json': infer B } } } ? NonNullable<B> : never;
export type NewProvider = JsonBody<paths['/v1/admin/ai-providers']['post']>;
export type ProviderChanges = JsonBody<paths['/v1/admin/ai-providers/{id}']['patch']>;
export type NewFamily = JsonBody<paths['/v1/admin/ai-model-families']['post']>;
export type FamilyChanges = JsonBody<paths['/v1/admin/ai-model-families/{id}']['patch']>;
export type NewVersion = JsonBody<paths['/v1/admin/ai-model-versions']['post']>;
export type VersionChanges = JsonBody<paths['/v1/admin/ai-model-versions/{id}']['patch']>;
export type ImportRequest = JsonBody<paths['/v1/admin/ai-model-families/{id}/import-versions']['post']>;
/** How a family goes: its selections move to a replacement, and/or it is only deactivated. */
export interface FamilyRemoval {
  replacement_family_id?: string;
  soft?: boolean;
}

/** Every query of the model catalog lives under `['console', 'models']`, so a write can refresh what it touches. */
export const modelKeys = {
  all: ['console', 'models'] as const,
  providers: ['console', 'models', 'providers'] as const,
  provider: (id: string) => ['console', 'models', 'providers', id] as const,
  available: (id: string) => ['console', 'models', 'available', id] as const,
  families: ['console', 'models', 'families'] as const,
  familyList: (providerId: string | null) => ['console', 'models', 'families', 'list', providerId] as const,
  family: (id: string) => ['console', 'models', 'families', 'detail', id] as const,
  usage: (id: string) => ['console', 'models', 'families', 'usage', id] as const,
  versions: ['console', 'models', 'versions'] as const,
  versionList: (familyId: string) => ['console', 'models', 'versions', 'list', familyId] as const,
  version: (id: string) => ['console', 'models', 'versions', 'detail', id] as const,
};

const path = (id: string) => ({ params: { path: { id } } });

export const listProviders = async (client: AtriumClient) =>
  unwrap(await client.api.GET('/v1/admin/ai-providers')).data;
export const getProvider = async (client: AtriumClient, id: string) =>
  unwrap(await client.api.GET('/v1/admin/ai-providers/{id}', path(id)));
export const createProvider = async (client: AtriumClient, body: NewProvider) =>
  unwrap(await client.api.POST('/v1/admin/ai-providers', { body }));
export const updateProvider = async (client: AtriumClient, id: string, body: ProviderChanges) =>
  unwrap(await client.api.PATCH('/v1/admin/ai-providers/{id}', { ...path(id), body }));
export async function deleteProvider(client: AtriumClient, id: string) {
  unwrap(await client.api.DELETE('/v1/admin/ai-providers/{id}', path(id)));
}

/** `refresh` bypasses the API's one-minute cache of the vendor's answer. */
export const listAvailableModels = async (client: AtriumClient, id: string, refresh: boolean) =>
  unwrap(
    await client.api.GET('/v1/admin/ai-providers/{id}/available-models', {
      params: { path: { id }, query: refresh ? { refresh: '1' } : {} },
    }),
  );
/** No `familyIds`: the API compares every live family of the provider. */
export const syncModels = async (client: AtriumClient, id: string, familyIds: string[] | undefined) =>
  unwrap(
    await client.api.POST('/v1/admin/ai-providers/{id}/sync-models', {
      ...path(id),
      body: familyIds ? { family_ids: familyIds } : {},
    }),
  );

export const listFamilies = async (client: AtriumClient, providerId: string | null) =>
  unwrap(
    await client.api.GET('/v1/admin/ai-model-families', {
      params: { query: providerId ? { provider_id: providerId } : {} },
    }),
  ).data;
export const getFamily = async (client: AtriumClient, id: string) =>
  unwrap(await client.api.GET('/v1/admin/ai-model-families/{id}', path(id)));
export const createFamily = async (client: AtriumClient, body: NewFamily) =>
  unwrap(await client.api.POST('/v1/admin/ai-model-families', { body }));
export const updateFamily = async (client: AtriumClient, id: string, body: FamilyChanges) =>
  unwrap(await client.api.PATCH('/v1/admin/ai-model-families/{id}', { ...path(id), body }));
export const familyUsage = async (client: AtriumClient, id: string) =>
  unwrap(await client.api.GET('/v1/admin/ai-model-families/{id}/usage', path(id)));
/**
 * 204 (deleted) or 200 `{ result: 'deactivated' }`: which one it was. The API takes the options in the query or
 * the body; the typed route requires a body, so they go there.
 */
export async function deleteFamily(client: AtriumClient, id: string, body: FamilyRemoval) {
  const answer = unwrap(await client.api.DELETE('/v1/admin/ai-model-families/{id}', { ...path(id), body }));
  return answer?.result === 'deactivated' ? ('deactivated' as const) : ('deleted' as const);
}
export const importVersions = async (client: AtriumClient, familyId: string, body: ImportRequest) =>
  unwrap(await client.api.POST('/v1/admin/ai-model-families/{id}/import-versions', { ...path(familyId), body })).data;

export const listVersions = async (client: AtriumClient, familyId: string) =>
  unwrap(await client.api.GET('/v1/admin/ai-model-versions', { params: { query: { family_id: familyId } } })).data;
export const getVersion = async (client: AtriumClient, id: string) =>
  unwrap(await client.api.GET('/v1/admin/ai-model-versions/{id}', path(id)));
export const createVersion = async (client: AtriumClient, body: NewVersion) =>
  unwrap(await client.api.POST('/v1/admin/ai-model-versions', { body }));
export const updateVersion = async (client: AtriumClient, id: string, body: VersionChanges) =>
  unwrap(await client.api.PATCH('/v1/admin/ai-model-versions/{id}', { ...path(id), body }));
export async function deleteVersion(client: AtriumClient, id: string) {
  unwrap(await client.api.DELETE('/v1/admin/ai-model-versions/{id}', path(id)));
}
