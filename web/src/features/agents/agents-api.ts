import { type components, type paths, unwrap } from '@atrium/client';
import { readAllPages } from '../../lib/all-pages.ts';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Agent = components['schemas']['Agent'];
export type AgentBody = NonNullable<paths['/v1/agents']['post']['requestBody']>['content']['application/json'];
export type PickerModel = components['schemas']['PickerModel'];

export const agentKeys = {
  all: ['agents'] as const,
  list: ['agents', 'list'] as const,
  detail: (id: string) => ['agents', 'detail', id] as const,
  models: ['models', 'text'] as const,
};

export async function listAgents(client: AtriumClient) {
  return readAllPages(async (cursor) =>
    unwrap(await client.api.GET('/v1/agents', { params: { query: { limit: 100, cursor } } })),
  );
}

export async function getAgent(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/agents/{id}', { params: { path: { id } } }));
}

export async function createAgent(client: AtriumClient, body: AgentBody) {
  return unwrap(await client.api.POST('/v1/agents', { body }));
}

export async function updateAgent(client: AtriumClient, id: string, body: AgentBody) {
  return unwrap(await client.api.PATCH('/v1/agents/{id}', { params: { path: { id } }, body }));
}

export async function archiveAgent(client: AtriumClient, id: string) {
  unwrap(await client.api.DELETE('/v1/agents/{id}', { params: { path: { id } } }));
}

/** Starts the agent in a new thread of its own; the run streams in that thread's conversation. */
export async function runAgent(client: AtriumClient, id: string, prompt: string) {
  return unwrap(
    await client.api.POST('/v1/agents/{id}/run', { params: { path: { id } }, body: { input: { prompt } } }),
  );
}

/** The organization's active text models: the choices of an agent's model picker. */
export async function listTextModels(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/models', { params: { query: { capability: 'text' } } })).data;
}
