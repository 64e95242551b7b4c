import { type components, unwrap } from '@atrium/client';
import { useQuery } from '@tanstack/react-query';
import { readAllPages } from '../../lib/all-pages.ts';
import { useClient } from '../../lib/client-context.tsx';

export type ProjectRow = components['schemas']['ProjectListRow'];

export const projectsKey = ['projects'] as const;

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
