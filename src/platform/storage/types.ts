import type { Readable } from 'node:stream';

/** Which backend holds the blobs, and where. */
export type BlobStorageBackendSettings =
  /** Local disk under `dir`, served by signed URLs of this server. */
  | { backend: 'local'; dir: string }
  /** Azure Blob Storage (or Azurite): SAS URLs; the container is created at start when missing. */
  | { backend: 'azure'; connectionString: string; container: string };

/** What createBlobStorage is built from: the backend settings and the key the local backend signs its URLs with. */
export interface BlobStorageOptions {
  storage: BlobStorageBackendSettings;
  secretKey: Buffer;
}

export interface UploadUrlRequest {
  key: string;
  /** The blob's media type. */
  contentType: string;
  /** The exact length of the upload (enforced at upload by the local backend; see `enforcesUploadSize`). */
  sizeBytes: number;
  expiresInSeconds: number;
}

export interface DownloadUrlRequest {
  key: string;
  expiresInSeconds: number;
  /** Served as `Content-Disposition: attachment; filename=…`. */
  filename?: string;
  /** Served as the Content-Type instead of the stored one. */
  contentType?: string;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

export interface BlobStat {
  sizeBytes: number;
  contentType: string | null;
  lastModified: Date;
}

/**
 * Blob storage behind signed, expiring URLs. Clients PUT raw bytes to an upload URL without an Authorization
 * header, sending `x-ms-blob-type: BlockBlob` (the Azure protocol; the local backend speaks the same subset).
 */
export interface BlobStorage {
  readonly backend: 'local' | 'azure';
  /**
   * true: an upload of another length than `sizeBytes` is refused and stores nothing (local).
   * false: the URL cannot bind the length (Azure SAS), so whoever commits the upload checks `stat(key).sizeBytes`.
   */
  readonly enforcesUploadSize: boolean;
  /**
   * The origin the signed URLs point at when it is not this server's (Azure: the account's blob endpoint), so a
   * browser page of ours may be allowed to upload to it and read from it; null when the URLs are this server's.
   */
  readonly urlOrigin: string | null;
  /** Prepares the backend (directories, the Azure container); idempotent, and run by the app's onReady. */
  start(): Promise<void>;
  /**
   * A URL that creates the blob once: a PUT to a key that already holds a blob is refused with 403
   * `AuthorizationPermissionMismatch` on both backends (Azure: a SAS with `c` and without `w`), so an upload URL
   * can never replace content. A refused or broken upload stores nothing, and the URL may be used again.
   */
  createUploadUrl(request: UploadUrlRequest): Promise<SignedUrl>;
  createDownloadUrl(request: DownloadUrlRequest): Promise<SignedUrl>;
  exists(key: string): Promise<boolean>;
  stat(key: string): Promise<BlobStat | null>;
  /** The whole blob in memory; throws BlobNotFoundError. Prefer readStream for large blobs. */
  read(key: string): Promise<Buffer>;
  /** Throws BlobNotFoundError. */
  readStream(key: string): Promise<Readable>;
  /** Server-side write (generated artifacts); replaces an existing blob. */
  write(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<{ sizeBytes: number }>;
  /** Server-side copy, replacing `toKey`; throws BlobNotFoundError when `fromKey` holds no blob. */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Idempotent: deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
}

/** Longest validity of any URL the storage signs (Azure's limit for user delegation SAS). */
export const MAX_URL_SECONDS = 7 * 24 * 3600;

export function checkUrlRequest(request: { key: string; expiresInSeconds: number }): void {
  const seconds = request.expiresInSeconds;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_URL_SECONDS) {
    throw new RangeError(`expiresInSeconds must be an integer from 1 to ${MAX_URL_SECONDS}, got ${seconds}`);
  }
}

export function checkUploadRequest(request: UploadUrlRequest): void {
  checkUrlRequest(request);
  if (!Number.isSafeInteger(request.sizeBytes) || request.sizeBytes < 0) {
    throw new RangeError(`sizeBytes must be a non-negative integer, got ${request.sizeBytes}`);
  }
  checkMediaType(request.contentType);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: header values must not carry control characters.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function checkMediaType(contentType: string): void {
  if (!contentType || contentType.length > 255 || CONTROL.test(contentType)) {
    throw new RangeError('contentType must be 1-255 characters without control characters');
  }
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 8187). */
export function attachmentDisposition(filename: string): string {
  const cleaned = filename.replace(new RegExp(CONTROL.source, 'g'), '').replace(/[/\\]/g, '_') || 'download';
  const fallback = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
