import { type components, type paths, unwrap } from '@atrium/client';
import { readAllPages } from '../../lib/all-pages.ts';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Workflow = components['schemas']['Workflow'];
export type WorkflowBody = NonNullable<paths['/v1/workflows']['post']['requestBody']>['content']['application/json'];
export type Definition = Workflow['definition'];
export type Step = Definition['steps'][number];
export type StepType = Step['type'];
export type Refinement = components['schemas']['WorkflowRefinement'];
export type RefineMessage = NonNullable<
  paths['/v1/workflows/{id}/refine']['post']['requestBody']
>['content']['application/json']['messages'][number];

export const workflowKeys = {
  all: ['workflows'] as const,
  list: ['workflows', 'list'] as const,
  detail: (id: string) => ['workflows', 'detail', id] as const,
};

export async function listWorkflows(client: AtriumClient) {
  return readAllPages(async (cursor) =>
    unwrap(await client.api.GET('/v1/workflows', { params: { query: { limit: 100, cursor } } })),
  );
}

export async function getWorkflow(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/workflows/{id}', { params: { path: { id } } }));
}

export async function createWorkflow(client: AtriumClient, body: WorkflowBody) {
  return unwrap(await client.api.POST('/v1/workflows', { body }));
}

export async function updateWorkflow(client: AtriumClient, id: string, body: WorkflowBody) {
  return unwrap(await client.api.PATCH('/v1/workflows/{id}', { params: { path: { id } }, body }));
}

export async function archiveWorkflow(client: AtriumClient, id: string) {
  unwrap(await client.api.DELETE('/v1/workflows/{id}', { params: { path: { id } } }));
}

/** Asks the model for a revised definition from the whole conversation; nothing is saved. */
export async function refineWorkflow(client: AtriumClient, id: string, messages: RefineMessage[]) {
  return unwrap(await client.api.POST('/v1/workflows/{id}/refine', { params: { path: { id } }, body: { messages } }));
}

/** Starts the workflow in a new thread of its own; the run streams in that thread's conversation. */
export async function runWorkflow(client: AtriumClient, id: string, input: Record<string, unknown>) {
  return unwrap(await client.api.POST('/v1/workflows/{id}/run', { params: { path: { id } }, body: { input } }));
}
