import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableError } from '../db/errors.ts';
import { keyOfUrlPath } from './keys.ts';
import {
  BLOB_ROUTE_PREFIX,
  BlobExistsError,
  BlobKeyConflictError,
  BlobMd5MismatchError,
  BlobSizeMismatchError,
  type LocalBlobMeta,
  type LocalBlobStorage,
} from './local.ts';
import type { BlobGrant } from './signing.ts';
import { attachmentDisposition } from './types.ts';

/** Answered as `x-ms-version` when the client names none (the SDK always does). */
const DEFAULT_SERVICE_VERSION = '2025-01-05';
/** A refused body is read and discarded up to this size so the client gets the answer; larger ones close. */
const DISCARD_LIMIT = 1024 * 1024;
/**
 * An upload that sends nothing for this long is cut off: a client whose network vanished without closing the
 * connection would otherwise hold its socket and its temp file for ever. Far below STALE_TEMP_MS, so the temp
 * sweep never meets a live upload.
 */
const UPLOAD_IDLE_MS = 2 * 60 * 1000;
/** Azure's answer to a SAS that may create a blob but not overwrite it; upload URLs answer the same. */
const CREATE_ONLY_REFUSAL =
  'This request is not authorized to perform this operation using this permission: the upload URL creates the blob once and cannot replace it.';
const EXPOSED_HEADERS = [
  'etag',
  'last-modified',
  'content-md5',
  'content-disposition',
  'content-range',
  'x-ms-request-id',
  'x-ms-version',
  'x-ms-error-code',
  'x-ms-request-server-encrypted',
  'x-request-id',
].join(', ');

/**
 * An SVG opened directly (not through an <img>) is a document that could run scripts and load resources: it gets
 * nothing but its own inline styles, so a logo renders and nothing in it runs.
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
const isSvg = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase() === 'image/svg+xml';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function serviceVersion(request: FastifyRequest): string {
  const asked = request.headers['x-ms-version'];
  return typeof asked === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : DEFAULT_SERVICE_VERSION;
}

function baseHeaders(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.headers({
    'x-ms-request-id': request.id,
    'x-ms-version': serviceVersion(request),
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
  });
}

/** Errors in Azure's form (XML body plus `x-ms-error-code`), which the Azure SDKs and tools understand. */
function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  options: { close?: boolean } = {},
): FastifyReply {
  const body =
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<Error><Code>${code}</Code><Message>${escapeXml(message)}\nRequestId:${escapeXml(request.id)}\n` +
    `Time:${new Date().toISOString()}</Message></Error>`;
  baseHeaders(request, reply).code(status).headers({ 'content-type': 'application/xml', 'x-ms-error-code': code });
  if (options.close) reply.header('connection', 'close');
  return request.method === 'HEAD' ? reply.send() : reply.send(body);
}

const etagOf = (meta: LocalBlobMeta) => `"0x${Buffer.from(meta.md5, 'base64').toString('hex').toUpperCase()}"`;

interface ParsedUrl {
  key: string;
  query: URLSearchParams;
  expires: number;
  signature: string;
}

function parseUrl(request: FastifyRequest): ParsedUrl | null {
  const mark = request.url.indexOf('?');
  const path = mark === -1 ? request.url : request.url.slice(0, mark);
  const search = mark === -1 ? '' : request.url.slice(mark + 1);
  if (!path.startsWith(BLOB_ROUTE_PREFIX)) return null;
  const key = keyOfUrlPath(path.slice(BLOB_ROUTE_PREFIX.length));
  if (key === null) return null;
  const query = new URLSearchParams(search);
  const rawExpires = query.get('expires') ?? '';
  return {
    key,
    query,
    expires: /^\d{1,12}$/.test(rawExpires) ? Number(rawExpires) : Number.NaN,
    signature: query.get('sig') ?? '',
  };
}

/** Checks the URL's signature and expiry: null when it grants `grant`, else the reason for a 403. */
function refusal(storage: LocalBlobStorage, grant: BlobGrant, signature: string): string | null {
  const verdict = Number.isNaN(grant.expires) ? 'bad_signature' : storage.signer.check(grant, signature);
  if (verdict === 'ok') return null;
  return verdict === 'expired'
    ? 'Signed expiry time has passed: the URL is no longer valid.'
    : 'Server failed to authenticate the request. The URL signature does not match this blob, method or parameters.';
}

/** Reads and drops a small refused body so the answer reaches the client; returns false if it is too large. */
async function discardBody(request: FastifyRequest, declaredLength: number): Promise<boolean> {
  if (declaredLength > DISCARD_LIMIT) return false;
  for await (const _chunk of request.raw) {
    // dropped
  }
  return true;
}

async function handlePut(storage: LocalBlobStorage, idleMs: number, request: FastifyRequest, reply: FastifyReply) {
  const declaredLength = Number(request.headers['content-length'] ?? Number.NaN);
  const refuse = async (status: number, code: string, message: string) => {
    const drained = Number.isNaN(declaredLength) ? false : await discardBody(request, declaredLength);
    return sendError(request, reply, status, code, message, { close: !drained });
  };

  const parsed = parseUrl(request);
  if (!parsed) return refuse(400, 'InvalidResourceName', 'The blob name is not valid.');
  const { key, query } = parsed;
  const rawSize = query.get('size') ?? '';
  const sizeBytes = /^\d{1,15}$/.test(rawSize) ? Number(rawSize) : Number.NaN;
  const contentType = query.get('content_type') ?? '';
  const grant: BlobGrant = { method: 'PUT', key, expires: parsed.expires, sizeBytes, contentType };
  if (Number.isNaN(sizeBytes)) grant.expires = Number.NaN;
  const denied = refusal(storage, grant, parsed.signature);
  if (denied) return refuse(403, 'AuthenticationFailed', denied);
  // Answered before the body is read, as Azure checks permissions; the store's link decides races.
  if (await storage.exists(key)) return refuse(403, 'AuthorizationPermissionMismatch', CREATE_ONLY_REFUSAL);

  if (query.has('comp') || query.has('blockid')) {
    return refuse(400, 'UnsupportedQueryParameter', 'Only single-shot Put Blob is supported: upload the whole body.');
  }
  const blobType = request.headers['x-ms-blob-type'];
  if (blobType === undefined) {
    return refuse(
      400,
      'MissingRequiredHeader',
      'An HTTP header that is mandatory for this request is not specified: x-ms-blob-type.',
    );
  }
  if (blobType !== 'BlockBlob') {
    return refuse(400, 'InvalidHeaderValue', 'The value for the header x-ms-blob-type must be BlockBlob.');
  }
  if (!Number.isNaN(declaredLength) && declaredLength !== sizeBytes) {
    return refuse(400, 'InvalidInput', `The body must be exactly ${sizeBytes} bytes, as declared for this upload URL.`);
  }
  const md5Header = request.headers['content-md5'];
  let contentMd5: Buffer | undefined;
  if (typeof md5Header === 'string') {
    contentMd5 = Buffer.from(md5Header, 'base64');
    if (contentMd5.length !== 16) return refuse(400, 'InvalidMd5', 'The Content-MD5 header is not valid.');
  }

  const socket = request.raw.socket;
  const previousTimeout = socket.timeout ?? 0;
  const cutOff = () => socket.destroy();
  socket.setTimeout(idleMs, cutOff);
  let meta: LocalBlobMeta;
  try {
    meta = await storage.store(key, request.raw.iterator({ destroyOnReturn: false }), {
      contentType,
      expectedSize: sizeBytes,
      contentMd5,
      createOnly: true,
    });
  } catch (error) {
    if (error instanceof BlobSizeMismatchError) {
      const message = `The body must be exactly ${sizeBytes} bytes, as declared for this upload URL.`;
      return sendError(request, reply, 400, 'InvalidInput', message, { close: !error.drained });
    }
    if (error instanceof BlobMd5MismatchError) return sendError(request, reply, 400, 'Md5Mismatch', error.message);
    if (error instanceof BlobExistsError) {
      return sendError(request, reply, 403, 'AuthorizationPermissionMismatch', CREATE_ONLY_REFUSAL);
    }
    if (error instanceof BlobKeyConflictError) return sendError(request, reply, 409, 'BlobKeyConflict', error.message);
    throw error;
  } finally {
    socket.off('timeout', cutOff);
    socket.setTimeout(previousTimeout);
  }
  return baseHeaders(request, reply)
    .code(201)
    .headers({
      etag: etagOf(meta),
      'last-modified': new Date(meta.lastModified).toUTCString(),
      'content-md5': meta.md5,
      'x-ms-request-server-encrypted': 'false',
      'content-length': '0',
    })
    .send();
}

/** A single `bytes=` range, resolved against the size; null = serve the whole blob; 'unsatisfiable' = 416. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

async function handleGet(storage: LocalBlobStorage, request: FastifyRequest, reply: FastifyReply) {
  const parsed = parseUrl(request);
  if (!parsed) return sendError(request, reply, 400, 'InvalidResourceName', 'The blob name is not valid.');
  const { key, query } = parsed;
  const contentType = query.get('content_type') ?? undefined;
  const filename = query.get('filename') ?? undefined;
  const grant: BlobGrant = { method: 'GET', key, expires: parsed.expires, contentType, filename };
  const denied = refusal(storage, grant, parsed.signature);
  if (denied) return sendError(request, reply, 403, 'AuthenticationFailed', denied);

  const found = await storage.locate(key);
  if (!found) return sendError(request, reply, 404, 'BlobNotFound', 'The specified blob does not exist.');
  const size = found.sizeBytes;
  const servedType = contentType ?? found.meta?.contentType ?? 'application/octet-stream';
  baseHeaders(request, reply).headers({
    'content-type': servedType,
    'accept-ranges': 'bytes',
    'x-ms-blob-type': 'BlockBlob',
    // Served from the API's own origin: never sniffed, and any active content runs in an opaque origin.
    'x-content-type-options': 'nosniff',
    'content-security-policy': isSvg(servedType) ? SVG_POLICY : 'sandbox allow-scripts',
    'cache-control': 'private',
  });
  if (found.meta) {
    reply.header('etag', etagOf(found.meta));
    reply.header('last-modified', new Date(found.meta.lastModified).toUTCString());
  }
  if (filename !== undefined) reply.header('content-disposition', attachmentDisposition(filename));

  const range = rangeOf(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    return sendError(
      request,
      reply,
      416,
      'InvalidRange',
      'The range specified is invalid for the current size of the resource.',
    );
  }
  if (range) {
    reply.code(206).headers({
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
      'content-length': String(range.end - range.start + 1),
    });
    if (request.method === 'HEAD') return reply.send();
    return reply.send(createReadStream(found.path, range));
  }
  if (found.meta) reply.header('content-md5', found.meta.md5);
  reply.code(200).header('content-length', String(size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(found.path));
}

/**
 * The routes behind the local backend's signed URLs, in their own scope: no JSON parser (bodies are streamed to
 * disk from the raw request), no bearer credential (the signature is the credential), not in the OpenAPI document.
 */
export function registerLocalBlobRoutes(
  app: FastifyInstance,
  storage: LocalBlobStorage,
  options: { uploadIdleMs?: number } = {},
): void {
  const idleMs = options.uploadIdleMs ?? UPLOAD_IDLE_MS;
  // A download can still be streaming when the app starts closing: its headers are out, so it cannot ask the
  // client to drop the keep-alive connection, which would then hold the close open. End it once it finishes.
  let closing = false;
  const streaming = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    closing = true;
    for (const response of streaming) {
      const socket = response.socket; // detached from the response by the time 'finish' listeners run
      response.once('finish', () => socket?.end());
    }
  });
  app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
      streaming.add(reply.raw);
      reply.raw.once('close', () => streaming.delete(reply.raw));
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    // The client's Content-Type is not used (the signed one is stored), so a malformed one must not cause a 415.
    scope.addHook('onRequest', async (request) => {
      if (request.method === 'PUT') delete request.raw.headers['content-type'];
    });
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 500) {
        return sendError(request, reply, status, 'InvalidInput', error.message, { close: request.method === 'PUT' });
      }
      request.log.error({ err: loggableError(error), request_id: request.id }, 'blob storage request failed');
      if (reply.sent || request.raw.destroyed) return;
      sendError(request, reply, 500, 'InternalError', 'The server encountered an internal error.', { close: true });
    });
    const url = `${BLOB_ROUTE_PREFIX}*`;
    const routeOptions = { config: { auth: 'public' as const }, schema: { hide: true } };
    scope.put(url, routeOptions, (request, reply) => handlePut(storage, idleMs, request, reply));
    scope.get(url, { ...routeOptions, exposeHeadRoute: false }, (request, reply) => handleGet(storage, request, reply));
    scope.head(url, routeOptions, (request, reply) => handleGet(storage, request, reply));
    // CORS preflight: a browser may PUT or GET the signed URL from the web app's origin.
    scope.options(url, routeOptions, (request, reply) => {
      const asked = request.headers['access-control-request-headers'];
      reply
        .code(200)
        .headers({
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, HEAD, PUT, OPTIONS',
          'access-control-allow-headers': typeof asked === 'string' ? asked : '*',
          'access-control-max-age': '3600',
          'content-length': '0',
        })
        .send();
    });
  });
}
