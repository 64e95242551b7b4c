import { type components, unwrap } from '@atrium/client';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';

export type Artifact = components['schemas']['Artifact'];

/** Download URLs live an hour; asking again well before that keeps every link usable. */
const DOWNLOAD_URL_FRESH_MS = 45 * 60 * 1000;

export const artifactKeys = {
  download: (artifactId: string) => ['artifacts', 'download', artifactId] as const,
};

/** The signed URL of an artifact's file (it downloads under the artifact's filename). */
export function useArtifactDownloadUrl(artifactId: string) {
  const client = useClient();
  return useQuery({
    queryKey: artifactKeys.download(artifactId),
    queryFn: async () => {
      const { download_url } = unwrap(
        await client.api.GET('/v1/artifacts/{id}/download', { params: { path: { id: artifactId } } }),
      );
      return download_url;
    },
    staleTime: DOWNLOAD_URL_FRESH_MS,
    refetchInterval: DOWNLOAD_URL_FRESH_MS,
  });
}
