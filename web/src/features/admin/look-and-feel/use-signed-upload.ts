import { useRef, useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { SignedUrlError, uploadToSignedUrl } from '../../artifacts/index.ts';

export interface UploadState {
  filename: string;
  /** 0…1 of the bytes sent. */
  progress: number;
  state: 'uploading' | 'attaching' | 'done' | 'failed';
  error?: string;
}

/** The API's three steps for a file: a signed URL for it, the bytes sent there, then the file attached. */
export interface UploadSteps<T> {
  /** Why the API would refuse this file (type, size), said before anything is sent; null when it may go. */
  refusal: (file: File) => string | null;
  request: (file: File) => Promise<{ url: string; ticket: T }>;
  attach: (file: File, ticket: T) => Promise<unknown>;
}

/** One file at a time through the signed-URL flow, with its progress and the first step that failed. */
export function useSignedUpload<T>(steps: UploadSteps<T>) {
  const [upload, setUpload] = useState<UploadState | null>(null);
  const current = useRef(0);

  const start = async (file: File) => {
    const run = ++current.current;
    // A newer file replaces the one in flight: its late progress must not show on the new one.
    const update = (change: Partial<UploadState>) => {
      if (run === current.current) setUpload((u) => (u ? { ...u, ...change } : u));
    };
    setUpload({ filename: file.name, progress: 0, state: 'uploading' });
    const refusal = steps.refusal(file);
    if (refusal) return update({ state: 'failed', error: refusal });
    try {
      const { url, ticket } = await steps.request(file);
      await uploadToSignedUrl({ url, file, contentType: file.type, onProgress: (progress) => update({ progress }) });
      update({ state: 'attaching' });
      await steps.attach(file, ticket);
      update({ state: 'done' });
    } catch (error) {
      update({ state: 'failed', error: error instanceof SignedUrlError ? error.message : describeError(error) });
    }
  };

  return { upload, start };
}
