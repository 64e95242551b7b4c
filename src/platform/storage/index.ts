import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import { createAzureBlobStorage } from './azure.ts';
import { createLocalBlobStorage, type LocalBlobStorage } from './local.ts';
import { registerLocalBlobRoutes } from './local-routes.ts';
import { scheduleTempSweeps } from './temp-sweep.ts';
import type { BlobStorage, BlobStorageOptions } from './types.ts';

export { BLOB_DELETE_JOB, createBlobDeletionHandler, enqueueBlobDeletion } from './deletion.ts';
export { BlobNotFoundError, InvalidBlobKeyError } from './keys.ts';
export { createPublicUrl, type PublicUrl } from './public-url.ts';
export type {
  BlobStat,
  BlobStorage,
  BlobStorageBackendSettings,
  BlobStorageOptions,
  DownloadUrlRequest,
  SignedUrl,
  UploadUrlRequest,
} from './types.ts';

/**
 * The configured backend: local disk under DATA_DIR/blobs (URLs served and checked by this server) or Azure
 * Blob Storage (SAS URLs). `baseUrl` gives the server's public base URL; only the local backend uses it.
 */
export function createBlobStorage(
  options: BlobStorageOptions,
  deps: { baseUrl: () => string; clock?: Clock },
): BlobStorage {
  const storage = options.storage;
  const { clock } = deps;
  if (storage.backend === 'azure') {
    return createAzureBlobStorage({ connectionString: storage.connectionString, container: storage.container, clock });
  }
  return createLocalBlobStorage({ dir: storage.dir, secretKey: options.secretKey, baseUrl: deps.baseUrl, clock });
}

/**
 * Starts the backend when the app gets ready; for the local backend, serves its signed URLs and sweeps the temp
 * files of abandoned uploads.
 */
export function registerBlobStorage(app: FastifyInstance, storage: BlobStorage): void {
  app.addHook('onReady', () => storage.start());
  if (storage.backend !== 'local') return;
  registerLocalBlobRoutes(app, storage as LocalBlobStorage);
  scheduleTempSweeps(app, storage as LocalBlobStorage);
}
