import { type components, unwrap } from '@atrium/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import { projectsKey } from '../use-projects.ts';

export type ProjectMember = components['schemas']['ProjectMember'];
export type ProjectRole = ProjectMember['role'];

const membersKey = (projectId: string) => ['project', projectId, 'members'] as const;

/** The project's members; none asked for without a project (a thread outside any project). */
export function useMembers(projectId: string | null) {
  const client = useClient();
  return useQuery({
    queryKey: membersKey(projectId ?? ''),
    // One page holds every member (the route does not paginate).
    queryFn: async () =>
      unwrap(await client.api.GET('/v1/projects/{id}/members', { params: { path: { id: projectId ?? '' } } })).data,
    enabled: projectId !== null,
  });
}

/** Add, change a role or remove: the members and the projects' member counts show the change. */
function useMemberChange<T>(projectId: string, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectsKey }),
      ]),
  });
}

export function useAddMember(projectId: string) {
  const client = useClient();
  return useMemberChange(projectId, async (body: { user_id: string; role: ProjectRole }) =>
    unwrap(await client.api.POST('/v1/projects/{id}/members', { params: { path: { id: projectId } }, body })),
  );
}

export function useSetMemberRole(projectId: string) {
  const client = useClient();
  return useMemberChange(projectId, async ({ userId, role }: { userId: string; role: ProjectRole }) =>
    unwrap(
      await client.api.PATCH('/v1/projects/{id}/members/{userId}', {
        params: { path: { id: projectId, userId } },
        body: { role },
      }),
    ),
  );
}

export function useRemoveMember(projectId: string) {
  const client = useClient();
  return useMemberChange(projectId, async (userId: string) =>
    unwrap(
      await client.api.DELETE('/v1/projects/{id}/members/{userId}', { params: { path: { id: projectId, userId } } }),
    ),
  );
}

/** People of the organization whose name or email matches, for "Add member". */
export function usePeopleLookup(search: string) {
  const client = useClient();
  return useQuery({
    queryKey: ['users', 'lookup', search],
    queryFn: async () =>
      unwrap(await client.api.GET('/v1/users/lookup', { params: { query: { search, limit: 10 } } })).data,
    enabled: search.length > 0,
  });
}
