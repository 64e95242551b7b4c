import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Thread = components['schemas']['Thread'];
export type ThreadWithRun = components['schemas']['ThreadWithActiveRun'];

export interface ThreadFilters {
  search?: string;
  projectId?: string;
  isPinned?: boolean;
}

export interface ThreadChanges {
  title?: string | null;
  project_id?: string | null;
  is_pinned?: boolean;
}

export const THREAD_PAGE_SIZE = 30;

export const threadKeys = {
  all: ['threads'] as const,
  list: (filters: ThreadFilters) => ['threads', 'list', filters] as const,
  detail: (id: string) => ['threads', 'detail', id] as const,
};

/** Query strings spell booleans out. */
const queryBoolean = (value: boolean | undefined): 'true' | 'false' | undefined =>
  value === undefined ? undefined : value ? 'true' : 'false';

export async function listThreads(client: AtriumClient, filters: ThreadFilters, cursor: string | undefined) {
  const query = {
    limit: THREAD_PAGE_SIZE,
    cursor,
    search: filters.search || undefined,
    project_id: filters.projectId,
    is_pinned: queryBoolean(filters.isPinned),
  };
  return unwrap(await client.api.GET('/v1/threads', { params: { query } }));
}

export async function getThread(client: AtriumClient, id: string) {
  return unwrap(await client.api.GET('/v1/threads/{id}', { params: { path: { id } } }));
}

export async function createThread(client: AtriumClient, projectId: string | undefined) {
  return unwrap(await client.api.POST('/v1/threads', { body: projectId ? { project_id: projectId } : {} }));
}

export async function updateThread(client: AtriumClient, id: string, changes: ThreadChanges) {
  return unwrap(await client.api.PATCH('/v1/threads/{id}', { params: { path: { id } }, body: changes }));
}
