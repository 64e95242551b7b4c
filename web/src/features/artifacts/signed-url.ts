/**
 * The one place the web app talks to something other than the API client: a signed blob URL (local storage's
 * `/blobs/…` or Azure's SAS URL). Those URLs are not API routes — the signature is the credential, there is no
 * session header, and the client's typed routes and retries do not apply — and an upload needs its progress,
 * which only XMLHttpRequest reports for a request body.
 */

export interface SignedUpload {
  url: string;
  file: File;
  contentType: string;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

export class SignedUrlError extends Error {
  constructor(readonly status: number) {
    super(status === 0 ? 'The file storage cannot be reached.' : `The file storage refused the request (${status}).`);
  }
}

function send<T>(xhr: XMLHttpRequest, body: XMLHttpRequestBodyInit | null, read: () => T, signal?: AbortSignal) {
  return new Promise<T>((resolve, reject) => {
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve(read()) : reject(new SignedUrlError(xhr.status));
    xhr.onerror = () => reject(new SignedUrlError(0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** PUTs the file's bytes to its upload URL (Azure's blob type header included), reporting 0…1 as it goes. */
export function uploadToSignedUrl({ url, file, contentType, onProgress, signal }: SignedUpload): Promise<void> {
  const xhr = new XMLHttpRequest();
  xhr.open('PUT', url);
  xhr.setRequestHeader('x-ms-blob-type', 'BlockBlob');
  xhr.setRequestHeader('content-type', contentType);
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable) onProgress(event.loaded / event.total);
  };
  return send(xhr, file, () => onProgress(1), signal);
}

/** The file behind a download URL, as text (previews of text, Markdown, CSV and HTML). */
export function readSignedUrlText(url: string, signal?: AbortSignal): Promise<string> {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', url);
  xhr.responseType = 'text';
  return send(xhr, null, () => xhr.responseText, signal);
}

/** The file behind a download URL, as a Blob (a PDF shown from an object URL). */
export function readSignedUrlBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', url);
  xhr.responseType = 'blob';
  return send(xhr, null, () => xhr.response as Blob, signal);
}
