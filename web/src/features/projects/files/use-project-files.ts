import { type components, unwrap } from '@atrium/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAllPages } from '../../../lib/all-pages.ts';
import { useClient } from '../../../lib/client-context.tsx';
import { projectsKey } from '../use-projects.ts';

export type ProjectFile = components['schemas']['ProjectFileListRow'];

/** How often the list asks again while a file is still being read and indexed. */
const INDEXING_POLL_MS = 2000;

export const filesKey = (projectId: string) => ['project', projectId, 'files'] as const;

const isIndexing = (file: ProjectFile) => file.index_status === 'pending' || file.index_status === 'processing';

/** The project's files, newest first; re-read every two seconds while any is still being indexed. */
export function useProjectFiles(projectId: string) {
  const client = useClient();
  return useQuery({
    queryKey: filesKey(projectId),
    queryFn: () =>
      readAllPages(async (cursor) =>
        unwrap(
          await client.api.GET('/v1/projects/{id}/files', {
            params: { path: { id: projectId }, query: { limit: 100, cursor } },
          }),
        ),
      ),
    refetchInterval: (query) => (query.state.data?.some(isIndexing) ? INDEXING_POLL_MS : false),
  });
}

/** After any change to the files: the list, and the projects' file counts. */
export function useRefreshFiles(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: filesKey(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectsKey }),
    ]);
}

export function useDeleteFile(projectId: string) {
  const client = useClient();
  const refresh = useRefreshFiles(projectId);
  return useMutation({
    mutationFn: async (fileId: string) =>
      unwrap(await client.api.DELETE('/v1/project-files/{id}', { params: { path: { id: fileId } } })),
    onSuccess: refresh,
  });
}

/** Asks for a fresh signed URL (valid an hour) and opens it: the server sends it as an attachment. */
export function useDownloadFile() {
  const client = useClient();
  return useMutation({
    mutationFn: async (fileId: string) => {
      const { download_url } = unwrap(
        await client.api.GET('/v1/project-files/{id}/download', { params: { path: { id: fileId } } }),
      );
      window.location.assign(download_url);
    },
  });
}
