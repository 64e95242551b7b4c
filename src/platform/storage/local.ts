import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { type Clock, systemClock } from '../clock.ts';
import { assertValidKey, BlobNotFoundError, encodeKeyPath, pathOfKey } from './keys.ts';
import { createUrlSigner } from './signing.ts';
import {
  type BlobStat,
  type BlobStorage,
  checkMediaType,
  checkUploadRequest,
  checkUrlRequest,
  type DownloadUrlRequest,
  type SignedUrl,
  type UploadUrlRequest,
} from './types.ts';

/** Path of the blob routes; a key's segments follow, percent-encoded. */
export const BLOB_ROUTE_PREFIX = '/storage/blobs/';

/** What is stored beside each blob (in a parallel tree, so no key can collide with it). */
export interface LocalBlobMeta {
  contentType: string;
  sizeBytes: number;
  /** base64 MD5 of the content (Azure's Content-MD5). */
  md5: string;
  lastModified: string;
}

export class BlobSizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
    /** false when the rest of an oversized body was left unread (the connection should close). */
    readonly drained: boolean,
  ) {
    super(`The body must be exactly ${expected} bytes`);
    this.name = 'BlobSizeMismatchError';
  }
}

export class BlobMd5MismatchError extends Error {
  constructor() {
    super('The MD5 value specified in the request did not match the MD5 value calculated by the server');
    this.name = 'BlobMd5MismatchError';
  }
}

/** A create-only upload met a blob already stored under its key (Azure refuses a `c`-only SAS the same way). */
export class BlobExistsError extends Error {
  constructor(key: string) {
    super(`A blob already exists under ${key}`);
    this.name = 'BlobExistsError';
  }
}

/** The key names a directory, or a file stands where the key needs a directory (`a` vs `a/b`). */
export class BlobKeyConflictError extends Error {
  constructor(key: string) {
    super(`The blob key conflicts with an existing blob path: ${key}`);
    this.name = 'BlobKeyConflictError';
  }
}

/** An oversized body is still read (and discarded) up to this much past its declared size, to answer cleanly. */
const DRAIN_LIMIT = 1024 * 1024;
/**
 * A temp file nothing has written to for this long belongs to an upload that will never finish (the process
 * died, or the client went silent: the blob routes cut off an idle upload after minutes), so a sweep removes it.
 */
export const STALE_TEMP_MS = 30 * 60 * 1000;

export interface LocalBlobStorage extends BlobStorage {
  readonly backend: 'local';
  readonly signer: ReturnType<typeof createUrlSigner>;
  /**
   * Stores a body, streamed: written to a temp file and moved into place only when complete and valid.
   * `createOnly` refuses (BlobExistsError) a key that holds a blob, decided atomically at the move.
   */
  store(
    key: string,
    chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
    options: { contentType: string; expectedSize?: number; contentMd5?: Buffer; createOnly?: boolean },
  ): Promise<LocalBlobMeta>;
  /** The blob's file and metadata, or null. */
  locate(key: string): Promise<{ path: string; sizeBytes: number; meta: LocalBlobMeta | null } | null>;
  /** Removes temp files of uploads abandoned for the stale age (also run by `start`). */
  sweepTemps(): Promise<void>;
}

const isErrno = (error: unknown, ...codes: string[]) =>
  error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');

export function createLocalBlobStorage(options: {
  dir: string;
  secretKey: Buffer;
  /** The server's public base URL, asked for each time a URL is signed (it may be known only after listen). */
  baseUrl: () => string;
  /** Age (since the last write) at which a temp file counts as abandoned; STALE_TEMP_MS unless a test shortens it. */
  staleTempMs?: number;
  /** Decides URL expiry and temp files' age; the system clock unless a test passes its own. */
  clock?: Clock;
}): LocalBlobStorage {
  const dataRoot = join(options.dir, 'data');
  const metaRoot = join(options.dir, 'meta');
  const tempRoot = join(options.dir, 'tmp');
  const clock = options.clock ?? systemClock;
  const signer = createUrlSigner(options.secretKey, clock);
  const staleTempMs = options.staleTempMs ?? STALE_TEMP_MS;

  function signedUrl(grant: Parameters<typeof signer.sign>[0], extra: Record<string, string | undefined>): SignedUrl {
    const query = new URLSearchParams({ expires: String(grant.expires) });
    for (const [name, value] of Object.entries(extra)) if (value !== undefined) query.set(name, value);
    query.set('sig', signer.sign(grant));
    return {
      url: `${options.baseUrl()}${BLOB_ROUTE_PREFIX}${encodeKeyPath(grant.key)}?${query}`,
      expiresAt: new Date(grant.expires * 1000),
    };
  }

  const expiryOf = (seconds: number) => Math.floor(clock.now().getTime() / 1000) + seconds;

  async function readMeta(key: string): Promise<LocalBlobMeta | null> {
    try {
      return JSON.parse(await readFile(pathOfKey(metaRoot, key), 'utf8')) as LocalBlobMeta;
    } catch {
      return null;
    }
  }

  async function locate(key: string) {
    const path = pathOfKey(dataRoot, key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const meta = await readMeta(key);
      return { path, sizeBytes: info.size, meta: meta?.sizeBytes === info.size ? meta : null, mtime: info.mtime };
    } catch (error) {
      if (isErrno(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
  }

  async function moveIntoPlace(from: string, to: string, key: string) {
    try {
      await mkdir(dirname(to), { recursive: true });
      await rename(from, to);
    } catch (error) {
      if (isErrno(error, 'ENOTDIR', 'EISDIR', 'EEXIST')) throw new BlobKeyConflictError(key);
      throw error;
    }
  }

  /** Like moveIntoPlace, but a link never replaces: the one atomic "create if absent" a file system offers. */
  async function linkIntoPlace(from: string, to: string, key: string) {
    try {
      await mkdir(dirname(to), { recursive: true });
    } catch (error) {
      if (isErrno(error, 'ENOTDIR', 'EEXIST')) throw new BlobKeyConflictError(key);
      throw error;
    }
    try {
      await link(from, to);
    } catch (error) {
      if (isErrno(error, 'EEXIST')) {
        const existing = await stat(to).catch(() => null);
        throw existing?.isFile() ? new BlobExistsError(key) : new BlobKeyConflictError(key);
      }
      if (isErrno(error, 'ENOTDIR')) throw new BlobKeyConflictError(key);
      throw error;
    }
  }

  async function store(
    key: string,
    chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
    opts: { contentType: string; expectedSize?: number; contentMd5?: Buffer; createOnly?: boolean },
  ): Promise<LocalBlobMeta> {
    const dataPath = pathOfKey(dataRoot, key);
    const metaPath = pathOfKey(metaRoot, key);
    await mkdir(tempRoot, { recursive: true });
    const temp = join(tempRoot, randomUUID());
    const metaTemp = `${temp}.meta`;
    const md5 = createHash('md5');
    let received = 0;
    try {
      const file = await open(temp, 'wx', 0o600);
      try {
        for await (const chunk of chunks) {
          received += chunk.length;
          if (opts.expectedSize !== undefined && received > opts.expectedSize) {
            // Keep reading (and dropping) a little so the client can be answered; past that, stop.
            if (received - opts.expectedSize > DRAIN_LIMIT) {
              throw new BlobSizeMismatchError(opts.expectedSize, received, false);
            }
            continue;
          }
          md5.update(chunk);
          await file.write(chunk);
        }
      } finally {
        await file.close();
      }
      if (opts.expectedSize !== undefined && received !== opts.expectedSize) {
        throw new BlobSizeMismatchError(opts.expectedSize, received, true);
      }
      const digest = md5.digest();
      if (opts.contentMd5 && !digest.equals(opts.contentMd5)) throw new BlobMd5MismatchError();
      const meta: LocalBlobMeta = {
        contentType: opts.contentType,
        sizeBytes: received,
        md5: digest.toString('base64'),
        lastModified: new Date().toISOString(),
      };
      await writeFile(metaTemp, JSON.stringify(meta), { mode: 0o600 });
      if (opts.createOnly) {
        // The link claims the key, so of racing uploads exactly one wins. Its data is visible a moment before
        // its metadata, which readers tolerate: they trust metadata only when its size matches the file.
        await linkIntoPlace(temp, dataPath, key);
        await moveIntoPlace(metaTemp, metaPath, key);
      } else {
        // Metadata first: a blob file is only ever visible with its metadata beside it.
        await moveIntoPlace(metaTemp, metaPath, key);
        await moveIntoPlace(temp, dataPath, key);
      }
      return meta;
    } finally {
      // Gone already after a rename; after a link, or a failure, these are what is left.
      await rm(temp, { force: true });
      await rm(metaTemp, { force: true });
    }
  }

  /** A hard link is a copy here: blob files never change in place (every write renames a new file over). */
  async function copy(fromKey: string, toKey: string) {
    const dataPath = pathOfKey(dataRoot, toKey);
    const metaPath = pathOfKey(metaRoot, toKey);
    const found = await locate(fromKey);
    if (!found) throw new BlobNotFoundError(fromKey);
    await mkdir(tempRoot, { recursive: true });
    const temp = join(tempRoot, randomUUID());
    const metaTemp = `${temp}.meta`;
    try {
      await link(found.path, temp).catch((error: unknown) => {
        throw isErrno(error, 'ENOENT') ? new BlobNotFoundError(fromKey) : error;
      });
      if (found.meta) {
        await writeFile(metaTemp, JSON.stringify(found.meta), { mode: 0o600 });
        await moveIntoPlace(metaTemp, metaPath, toKey);
      } else {
        await rm(metaPath, { force: true });
      }
      await moveIntoPlace(temp, dataPath, toKey);
    } finally {
      await rm(temp, { force: true });
      await rm(metaTemp, { force: true });
    }
  }

  async function sweepTemps() {
    let names: string[];
    try {
      names = await readdir(tempRoot);
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return;
      throw error;
    }
    const now = clock.now().getTime();
    for (const name of names) {
      const path = join(tempRoot, name);
      const info = await stat(path).catch(() => null);
      // ctime, not mtime: a copy's link into tmp/ keeps the old blob's mtime but moves ctime to now.
      if (info && now - info.ctimeMs > staleTempMs) await rm(path, { force: true });
    }
  }

  return {
    backend: 'local',
    enforcesUploadSize: true,
    urlOrigin: null,
    signer,
    store,
    locate,
    sweepTemps,
    copy,

    async start() {
      await mkdir(dataRoot, { recursive: true });
      await mkdir(metaRoot, { recursive: true });
      await mkdir(tempRoot, { recursive: true });
      await sweepTemps();
    },

    async createUploadUrl(request: UploadUrlRequest) {
      assertValidKey(request.key);
      checkUploadRequest(request);
      const grant = {
        method: 'PUT' as const,
        key: request.key,
        expires: expiryOf(request.expiresInSeconds),
        sizeBytes: request.sizeBytes,
        contentType: request.contentType,
      };
      return signedUrl(grant, { size: String(request.sizeBytes), content_type: request.contentType });
    },

    async createDownloadUrl(request: DownloadUrlRequest) {
      assertValidKey(request.key);
      checkUrlRequest(request);
      if (request.contentType !== undefined) checkMediaType(request.contentType);
      const grant = {
        method: 'GET' as const,
        key: request.key,
        expires: expiryOf(request.expiresInSeconds),
        contentType: request.contentType,
        filename: request.filename,
      };
      return signedUrl(grant, { content_type: request.contentType, filename: request.filename });
    },

    async exists(key) {
      return (await locate(key)) !== null;
    },

    async stat(key): Promise<BlobStat | null> {
      const found = await locate(key);
      if (!found) return null;
      return {
        sizeBytes: found.sizeBytes,
        contentType: found.meta?.contentType ?? null,
        lastModified: found.meta ? new Date(found.meta.lastModified) : found.mtime,
      };
    },

    async read(key) {
      const found = await locate(key);
      if (!found) throw new BlobNotFoundError(key);
      return readFile(found.path);
    },

    async readStream(key): Promise<Readable> {
      const found = await locate(key);
      if (!found) throw new BlobNotFoundError(key);
      return createReadStream(found.path);
    },

    async write(key, body, { contentType }) {
      checkMediaType(contentType);
      const chunks: AsyncIterable<Buffer> | Iterable<Buffer> = Buffer.isBuffer(body) ? [body] : body;
      const meta = await store(key, chunks, { contentType });
      return { sizeBytes: meta.sizeBytes };
    },

    async delete(key) {
      // Data first: once it is gone the blob is gone, whatever happens to the metadata.
      for (const path of [pathOfKey(dataRoot, key), pathOfKey(metaRoot, key)]) {
        try {
          await unlink(path);
        } catch (error) {
          if (!isErrno(error, 'ENOENT', 'ENOTDIR', 'EISDIR', 'EPERM')) throw error;
        }
      }
    },
  };
}
