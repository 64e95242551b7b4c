import { type components, unwrap } from '@atrium/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAllPages } from '../../lib/all-pages.ts';
import { useClient } from '../../lib/client-context.tsx';

export type ProjectRow = components['schemas']['ProjectListRow'];
export type Project = components['schemas']['Project'];

export const projectsKey = ['projects'] as const;
export const projectKey = (id: string) => ['project', id] as const;

/** The caller's active projects, all of them: the project list, the threads filter and "move to project". */
export function useProjects() {
  const client = useClient();
  return useQuery({
    queryKey: projectsKey,
    queryFn: () =>
      readAllPages(async (cursor) =>
        unwrap(await client.api.GET('/v1/projects', { params: { query: { limit: 100, cursor } } })),
      ),
  });
}

export function useProject(id: string) {
  const client = useClient();
  return useQuery({
    queryKey: projectKey(id),
    queryFn: async () => unwrap(await client.api.GET('/v1/projects/{id}', { params: { path: { id } } })),
  });
}

export function useCreateProject() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; description?: string }) =>
      unwrap(await client.api.POST('/v1/projects', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey }),
  });
}

/** Archived projects leave the list (and the threads filter); their threads and files stay. */
export function useArchiveProject() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await client.api.DELETE('/v1/projects/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsKey }),
  });
}

/**
 * Starts a thread in the project. Thread lists are cached under `['threads']` (the threads feature's key), so they
 * show it at once.
 */
export function useNewProjectThread(projectId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.api.POST('/v1/threads', { body: { project_id: projectId } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['threads'] }),
        queryClient.invalidateQueries({ queryKey: projectsKey }),
      ]),
  });
}
