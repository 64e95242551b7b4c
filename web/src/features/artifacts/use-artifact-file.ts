import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readSignedUrlBlob, readSignedUrlText } from './signed-url.ts';

/** An artifact's text, read once per artifact (artifacts never change; a new version is a new artifact). */
export function useArtifactText(artifactId: string, url: string) {
  return useQuery({
    queryKey: ['artifacts', 'text', artifactId],
    queryFn: ({ signal }) => readSignedUrlText(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An object URL for the artifact's bytes, typed as `mimeType`, revoked when the preview closes. */
export function useArtifactObjectUrl(url: string, mimeType: string) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const abort = new AbortController();
    let created: string | null = null;
    readSignedUrlBlob(url, abort.signal).then(
      (blob) => {
        created = URL.createObjectURL(new Blob([blob], { type: mimeType }));
        setObjectUrl(created);
      },
      (reason: unknown) => {
        if (!abort.signal.aborted) setError(reason);
      },
    );
    return () => {
      abort.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, mimeType]);
  return { objectUrl, error };
}
