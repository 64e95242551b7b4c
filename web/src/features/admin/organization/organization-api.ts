import { type components, unwrap } from '@atrium/client';
import { readAllPages } from '../../../lib/all-pages.ts';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type Organization = components['schemas']['Organization'];
export type PickerModel = components['schemas']['PickerModel'];
export type SelectionKey = components['schemas']['ModelSelections']['selections'][number]['key'];

export interface OrganizationChanges {
  name?: string;
  industry?: string | null;
  primary_language?: string;
  primary_timezone?: string;
}

export const organizationKeys = {
  profile: ['admin', 'organization'] as const,
  flags: ['admin', 'feature-flags'] as const,
  selections: ['admin', 'model-selections'] as const,
  models: ['models', 'all'] as const,
};

/** The API's bounds for its own admins (src/modules/organizations/schemas.ts OwnPatchOrganizationBody). */
export const ORGANIZATION_LIMITS = { name: 255, industry: 200, languageMin: 2, languageMax: 20, timezone: 100 };

export async function getOrganization(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization'));
}

export async function updateOrganization(client: AtriumClient, body: OrganizationChanges) {
  return unwrap(await client.api.PATCH('/v1/organization', { body }));
}

export async function getFeatureFlags(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/feature-flags')).flags;
}

export async function getModelSelections(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/model-selections')).selections;
}

export async function replaceModelSelections(
  client: AtriumClient,
  selections: { key: SelectionKey; model_version_id: string }[],
) {
  return unwrap(await client.api.PUT('/v1/organization/model-selections', { body: { selections } })).selections;
}

/** Every active model version with the selection keys it can serve (`thinking` among them). */
export async function listModels(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/models')).data;
}

export type Department = components['schemas']['Department'];

export interface DepartmentInput {
  name: string;
  description: string | null;
  parent_department_id: string | null;
}

export const departmentKeys = { all: ['admin', 'departments'] as const };

/** The API's bounds (src/modules/departments/schemas.ts). */
export const DEPARTMENT_LIMITS = { name: 200, description: 2000 };

const DEPARTMENTS_PAGE = 100;

/** Every department of the organization, ordered by name (the tree needs them all). */
export async function listAllDepartments(client: AtriumClient) {
  return readAllPages((cursor) =>
    client.api
      .GET('/v1/organization/departments', { params: { query: { limit: DEPARTMENTS_PAGE, cursor } } })
      .then(unwrap),
  );
}

export async function createDepartment(client: AtriumClient, body: DepartmentInput) {
  return unwrap(await client.api.POST('/v1/organization/departments', { body }));
}

export async function updateDepartment(client: AtriumClient, departmentId: string, body: Partial<DepartmentInput>) {
  return unwrap(
    await client.api.PATCH('/v1/organization/departments/{departmentId}', {
      params: { path: { departmentId } },
      body,
    }),
  );
}

export async function deleteDepartment(client: AtriumClient, departmentId: string) {
  unwrap(
    await client.api.DELETE('/v1/organization/departments/{departmentId}', { params: { path: { departmentId } } }),
  );
}
