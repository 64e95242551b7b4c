import { unwrap } from '@atrium/client';
import { useState } from 'react';
import { useClient } from '../../../lib/client-context.tsx';
import { describeError } from '../../../lib/errors.ts';
import { SignedUrlError, uploadToSignedUrl } from '../../artifacts/index.ts';
import { useRefreshFiles } from './use-project-files.ts';

/** The API's upload limits (`POST /v1/projects/:id/files/upload-url`). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
const MAX_FILENAME_LENGTH = 512;

export interface Upload {
  key: string;
  filename: string;
  /** 0…1 of the bytes sent. */
  progress: number;
  state: 'uploading' | 'committing' | 'done' | 'failed';
  error?: string;
}

/** Why the API would refuse this file, said before anything is sent; null when it may go. */
export function uploadRefusal(file: File): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_UPLOAD_BYTES) return 'The file is over 100 MB.';
  if (file.name.trim().length > MAX_FILENAME_LENGTH) return 'The file name is over 512 characters.';
  return null;
}

let nextKey = 0;

/**
 * Uploads files to a project, each on its own: ask for a signed URL, send the bytes there (with progress), then
 * commit, which queues the file's indexing. Returns every upload of this page's life, for the progress list.
 */
export function useUploads(projectId: string) {
  const client = useClient();
  const refresh = useRefreshFiles(projectId);
  const [uploads, setUploads] = useState<Upload[]>([]);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const uploadOne = async (file: File, key: string) => {
    const refusal = uploadRefusal(file);
    if (refusal) return update(key, { state: 'failed', error: refusal });
    try {
      const mimeType = file.type || 'application/octet-stream';
      const target = unwrap(
        await client.api.POST('/v1/projects/{id}/files/upload-url', {
          params: { path: { id: projectId } },
          body: { filename: file.name.trim(), mime_type: mimeType, size_bytes: file.size },
        }),
      );
      await uploadToSignedUrl({
        url: target.upload_url,
        file,
        contentType: mimeType,
        onProgress: (progress) => update(key, { progress }),
      });
      update(key, { state: 'committing' });
      unwrap(await client.api.POST('/v1/project-files/{id}/commit', { params: { path: { id: target.file_id } } }));
      update(key, { state: 'done' });
      await refresh();
    } catch (error) {
      update(key, { state: 'failed', error: error instanceof SignedUrlError ? error.message : describeError(error) });
    }
  };

  const start = (files: Iterable<File>) => {
    for (const file of files) {
      const key = `upload-${nextKey++}`;
      setUploads((all) => [...all, { key, filename: file.name, progress: 0, state: 'uploading' }]);
      void uploadOne(file, key);
    }
  };

  return { uploads, start };
}
