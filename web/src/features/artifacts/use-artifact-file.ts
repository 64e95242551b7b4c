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

/** The bytes do not start as the type says they do (a file named .pdf that is not a PDF). */
export class NotOfItsType extends Error {}

async function startsWith(blob: Blob, signature: string): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, signature.length).arrayBuffer());
  return String.fromCharCode(...head) === signature;
}

/**
 * An object URL for the artifact's bytes, typed as `mimeType`, revoked when the preview closes; when the bytes do
 * not begin with `signature`, no URL but a NotOfItsType error.
 */
export function useArtifactObjectUrl(url: string, mimeType: string, signature: string) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const abort = new AbortController();
    let created: string | null = null;
    readSignedUrlBlob(url, abort.signal)
      .then(async (blob) => {
        if (!(await startsWith(blob, signature))) throw new NotOfItsType(`The file is not of type ${mimeType}`);
        if (abort.signal.aborted) return;
        created = URL.createObjectURL(new Blob([blob], { type: mimeType }));
        setObjectUrl(created);
      })
      .catch((reason: unknown) => {
        if (!abort.signal.aborted) setError(reason);
      });
    return () => {
      abort.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, mimeType, signature]);
  return { objectUrl, error };
}
