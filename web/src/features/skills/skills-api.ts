import { type components, type paths, unwrap } from '@atrium/client';
import { readAllPages } from '../../lib/all-pages.ts';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Skill = components['schemas']['Skill'];
export type CreateSkillBody = NonNullable<paths['/v1/skills']['post']['requestBody']>['content']['application/json'];
export type SkillChanges = NonNullable<paths['/v1/skills/{id}']['patch']['requestBody']>['content']['application/json'];

export const skillKeys = {
  all: ['skills'] as const,
  live: ['skills', 'live'] as const,
  detail: (id: string) => ['skills', 'detail', id] as const,
};

/** Built-in skills have no organization; the API refuses to change them. */
export const isBuiltinSkill = (skill: Skill) => skill.organization_id === null;

/** Every live skill, built-in and the organization's own. */
export async function listLiveSkills(client: AtriumClient) {
  return readAllPages(async (cursor) =>
    unwrap(await client.api.GET('/v1/skills', { params: { query: { limit: 100, cursor } } })),
  );
}

export async function getSkill(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/skills/{id}', { params: { path: { id } } }));
}

export async function createSkill(client: AtriumClient, body: CreateSkillBody) {
  return unwrap(await client.api.POST('/v1/skills', { body }));
}

export async function updateSkill(client: AtriumClient, id: string, changes: SkillChanges) {
  return unwrap(await client.api.PATCH('/v1/skills/{id}', { params: { path: { id } }, body: changes }));
}

export async function archiveSkill(client: AtriumClient, id: string) {
  unwrap(await client.api.DELETE('/v1/skills/{id}', { params: { path: { id } } }));
}
