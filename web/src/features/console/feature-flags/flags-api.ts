import { unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';

/** A flag's row in one scope: on, off, or none (null: not set, or the organization inherits the default). */
export type FlagSetting = boolean | null;
/** What a PUT sends: each flag named is set (true or false) or loses its row (null). */
export type FlagChanges = Record<string, FlagSetting>;
export type Flags = Record<string, boolean>;

export const flagKeys = {
  all: ['console', 'feature-flags'] as const,
  defaults: ['console', 'feature-flags', 'defaults'] as const,
  known: ['console', 'feature-flags', 'known'] as const,
  overrides: (id: string) => ['console', 'feature-flags', 'organization', id] as const,
  organizationName: (id: string) => ['console', 'feature-flags', 'organization', id, 'name'] as const,
};

/** The platform defaults that are set (a flag without one is absent). */
export async function getDefaults(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/admin/feature-flags')).flags;
}

export async function putDefaults(client: AtriumClient, flags: FlagChanges) {
  return unwrap(await client.api.PUT('/v1/admin/feature-flags', { body: { flags } })).flags;
}

/**
 * The flags as they resolve for the caller's own organization. The API has no list of the flags the product
 * reads, but this answer always names each of them (false until set), so its names are the known flags.
 */
export async function getKnownFlags(client: AtriumClient) {
  return Object.keys(unwrap(await client.api.GET('/v1/feature-flags')).flags);
}

export async function getOverrides(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/admin/organizations/{id}/feature-flags', { params: { path: { id } } })).flags;
}

export async function putOverrides(client: AtriumClient, id: string, flags: FlagChanges) {
  return unwrap(
    await client.api.PUT('/v1/admin/organizations/{id}/feature-flags', { params: { path: { id } }, body: { flags } }),
  ).flags;
}

/** The organization's name; only people holding the `organizations` section may read it. */
export async function getOrganizationName(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/admin/organizations/{id}', { params: { path: { id } } })).name;
}
