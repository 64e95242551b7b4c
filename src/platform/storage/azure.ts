import type { Readable } from 'node:stream';
import {
  BlobSASPermissions,
  BlobServiceClient,
  type ContainerClient,
  generateBlobSASQueryParameters,
  RestError,
  SASProtocol,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { type Clock, systemClock } from '../clock.ts';
import { assertValidKey, BlobNotFoundError } from './keys.ts';
import {
  attachmentDisposition,
  type BlobStat,
  type BlobStorage,
  checkMediaType,
  checkUploadRequest,
  checkUrlRequest,
  type DownloadUrlRequest,
  type SignedUrl,
  type UploadUrlRequest,
} from './types.ts';

const STREAM_BUFFER_BYTES = 4 * 1024 * 1024;
const STREAM_CONCURRENCY = 4;
/** Lifetime of the read SAS through which the service itself fetches a copy's source. */
const COPY_SOURCE_SECONDS = 5 * 60;

const isNotFound = (error: unknown) => error instanceof RestError && error.statusCode === 404;

/**
 * Azure Blob Storage: clients upload and download directly with SAS URLs signed by the account key. A SAS
 * cannot bind the upload's length, so `enforcesUploadSize` is false and the commit step checks `stat`.
 */
export function createAzureBlobStorage(options: {
  connectionString: string;
  container: string;
  /** Decides SAS expiry; the system clock unless a test passes its own. */
  clock?: Clock;
}): BlobStorage {
  const clock = options.clock ?? systemClock;
  const service = BlobServiceClient.fromConnectionString(options.connectionString);
  const credential = service.credential;
  if (!(credential instanceof StorageSharedKeyCredential)) {
    throw new Error('AZURE_STORAGE_CONNECTION_STRING must carry AccountName and AccountKey to sign SAS URLs');
  }
  const container: ContainerClient = service.getContainerClient(options.container);
  // SAS URLs over plain HTTP only where the endpoint itself is plain HTTP (Azurite in development and tests).
  const protocol = container.url.startsWith('https:') ? SASProtocol.Https : SASProtocol.HttpsAndHttp;

  let started: Promise<void> | null = null;
  function start(): Promise<void> {
    started ??= container.createIfNotExists().then(
      () => undefined,
      (error: unknown) => {
        started = null;
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Azure Blob Storage: cannot reach or create the container at ${container.url}: ${reason}`, {
          cause: error,
        });
      },
    );
    return started;
  }

  function sasUrl(
    key: string,
    expiresInSeconds: number,
    grant: { permissions: string; contentDisposition?: string; contentType?: string },
  ): SignedUrl {
    const expiresOn = new Date((Math.floor(clock.now().getTime() / 1000) + expiresInSeconds) * 1000);
    const sas = generateBlobSASQueryParameters(
      {
        containerName: options.container,
        blobName: key,
        permissions: BlobSASPermissions.parse(grant.permissions),
        expiresOn,
        protocol,
        contentDisposition: grant.contentDisposition,
        contentType: grant.contentType,
      },
      credential as StorageSharedKeyCredential,
    );
    return { url: `${container.getBlockBlobClient(key).url}?${sas.toString()}`, expiresAt: expiresOn };
  }

  const blob = (key: string) => {
    assertValidKey(key);
    return container.getBlockBlobClient(key);
  };

  return {
    backend: 'azure',
    enforcesUploadSize: false,
    urlOrigin: new URL(container.url).origin,
    start,

    async createUploadUrl(request: UploadUrlRequest) {
      assertValidKey(request.key);
      checkUploadRequest(request);
      await start();
      // Create without write: Azure refuses the URL on a key that holds a blob (403 AuthorizationPermissionMismatch),
      // so it can never replace an upload. Staged blocks need `w` and are refused too; Azure demands x-ms-blob-type.
      return sasUrl(request.key, request.expiresInSeconds, { permissions: 'c' });
    },

    async createDownloadUrl(request: DownloadUrlRequest) {
      assertValidKey(request.key);
      checkUrlRequest(request);
      if (request.contentType !== undefined) checkMediaType(request.contentType);
      return sasUrl(request.key, request.expiresInSeconds, {
        permissions: 'r',
        contentDisposition: request.filename === undefined ? undefined : attachmentDisposition(request.filename),
        contentType: request.contentType,
      });
    },

    async exists(key) {
      return blob(key).exists();
    },

    async stat(key): Promise<BlobStat | null> {
      try {
        const properties = await blob(key).getProperties();
        return {
          sizeBytes: properties.contentLength ?? 0,
          contentType: properties.contentType ?? null,
          lastModified: properties.lastModified ?? new Date(0),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key) {
      try {
        return await blob(key).downloadToBuffer();
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },

    async readStream(key): Promise<Readable> {
      try {
        const response = await blob(key).download();
        return response.readableStreamBody as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },

    async write(key, body, { contentType }) {
      checkMediaType(contentType);
      const client = blob(key);
      await start();
      const blobHTTPHeaders = { blobContentType: contentType };
      if (Buffer.isBuffer(body)) {
        await client.upload(body, body.length, { blobHTTPHeaders });
        return { sizeBytes: body.length };
      }
      await client.uploadStream(body, STREAM_BUFFER_BYTES, STREAM_CONCURRENCY, { blobHTTPHeaders });
      const properties = await client.getProperties();
      return { sizeBytes: properties.contentLength ?? 0 };
    },

    async copy(fromKey, toKey) {
      const target = blob(toKey);
      assertValidKey(fromKey);
      // Copy Blob From URL: synchronous up to 256 MiB (uploads are far smaller). Even inside one account it
      // reads the source through a URL, hence a short read SAS.
      const source = sasUrl(fromKey, COPY_SOURCE_SECONDS, { permissions: 'r' });
      try {
        await target.syncCopyFromURL(source.url);
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(fromKey);
        throw error;
      }
    },

    async delete(key) {
      await blob(key).deleteIfExists({ deleteSnapshots: 'include' });
    },
  };
}
