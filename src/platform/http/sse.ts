import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableError } from '../db/errors.ts';
import { ApiError } from './errors.ts';

export interface SseConfig {
  /** Interval of the `: keepalive` comment (ATRIUM_SSE_KEEPALIVE_MS). */
  keepaliveMs: number;
  /** After this long the stream writes `: stream-timeout` and closes (ATRIUM_SSE_MAX_LIFETIME_MS). */
  maxLifetimeMs: number;
  /**
   * Bytes the server may hold for a client that does not read (above what the kernel buffers). Past it the
   * client is too slow to follow live events: the stream is dropped, and the client reconnects and re-snapshots.
   */
  maxBufferedBytes?: number;
  /** Streams one principal may hold open at once in this process (ATRIUM_SSE_MAX_STREAMS_PER_PRINCIPAL). */
  maxStreamsPerPrincipal?: number;
}

/** done: the producer ended it; timeout: lifetime reached; client: the client went away; slow: backpressure. */
export type SseCloseReason = 'done' | 'timeout' | 'client' | 'slow' | 'shutdown' | 'error';

export interface SseStream {
  /** Writes `event: <name>` and one `data:` line of JSON; false once the stream is closed. */
  send(event: string, data: unknown): boolean;
  /** Writes a frame built by `sseFrame` (for one frame shared by many streams). */
  sendFrame(frame: string): boolean;
  /** Writes a `: <text>` comment line. */
  comment(text: string): boolean;
  /** Ends the stream (idempotent); `finalComment` is written first when the client is still there. */
  close(reason?: SseCloseReason, finalComment?: string): void;
  /** Runs once, when the stream closes for any reason (timers are already stopped). */
  onClose(handler: (reason: SseCloseReason) => void): void;
  readonly closed: boolean;
}

export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
export const DEFAULT_MAX_STREAMS_PER_PRINCIPAL = 20;

/** JSON on one line; U+2028/U+2029 escaped too, so no reader that treats them as line ends can split a frame. */
export function sseData(data: unknown): string {
  return (JSON.stringify(data ?? {}) ?? '{}').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** An `event:` value must stay on its line. */
const eventName = (name: string) => name.replace(/[\r\n]/g, '');

export function sseFrame(event: string, data: unknown): string {
  return `event: ${eventName(event)}\ndata: ${sseData(data)}\n\n`;
}

/**
 * Opens SSE streams for one app and closes every open one when the app closes, so SIGTERM does not wait for
 * the longest stream's lifetime.
 */
export function createSseHub(app: FastifyInstance, config: SseConfig) {
  const open = new Set<SseStream>();
  /** Open (or opening) streams per principal. */
  const slots = new Map<string, number>();
  const maxPerPrincipal = config.maxStreamsPerPrincipal ?? DEFAULT_MAX_STREAMS_PER_PRINCIPAL;
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const stream of [...open]) stream.close('shutdown', 'shutdown');
  });

  return {
    /**
     * Takes one of `principal`'s stream slots, or throws 429 `rate_limited` when it holds them all; returns the
     * release (idempotent). Counted per process: behind a load balancer a principal may hold this many per process.
     * Claimed before any work, so a refused client costs no subscription or snapshot read.
     */
    claim(principal: string): () => void {
      const count = slots.get(principal) ?? 0;
      if (count >= maxPerPrincipal) {
        throw new ApiError(
          429,
          'rate_limited',
          `Too many open event streams (at most ${maxPerPrincipal}); close one before opening another`,
        );
      }
      slots.set(principal, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (slots.get(principal) ?? 1) - 1;
        if (left > 0) slots.set(principal, left);
        else slots.delete(principal);
      };
    },
    /**
     * Takes over the response (reply.hijack) and writes the SSE headers. Errors thrown before this call are
     * ordinary JSON responses; after it only frames can be written.
     */
    open(request: FastifyRequest, reply: FastifyReply): SseStream {
      if (closing) throw new ApiError(503, 'shutting_down', 'The server is shutting down; reconnect');
      const stream = openStream(request, reply, config);
      open.add(stream);
      stream.onClose(() => open.delete(stream));
      return stream;
    },
    /** Streams open now. */
    get size(): number {
      return open.size;
    },
  };
}

export type SseHub = ReturnType<typeof createSseHub>;

function openStream(request: FastifyRequest, reply: FastifyReply, config: SseConfig): SseStream {
  const maxBuffered = config.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const res = reply.raw;
  reply.hijack();
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  res.flushHeaders();

  const handlers: ((reason: SseCloseReason) => void)[] = [];
  let closed = false;

  const write = (text: string): boolean => {
    if (closed) return false;
    if (res.destroyed || res.writableEnded) {
      close('client');
      return false;
    }
    res.write(text);
    if (res.writableLength > maxBuffered) {
      close('slow');
      return false;
    }
    return true;
  };

  const keepalive = setInterval(() => write(': keepalive\n\n'), config.keepaliveMs);
  const lifetime = setTimeout(() => close('timeout', 'stream-timeout'), config.maxLifetimeMs);
  keepalive.unref();
  lifetime.unref();

  function close(reason: SseCloseReason = 'done', finalComment?: string): void {
    if (closed) return;
    clearInterval(keepalive);
    clearTimeout(lifetime);
    if (finalComment !== undefined && reason !== 'client' && reason !== 'slow') write(`: ${finalComment}\n\n`);
    closed = true;
    const socket: Socket | null = res.socket;
    if (reason === 'slow' || reason === 'error') res.destroy();
    else if (!res.writableEnded && !res.destroyed) {
      // On shutdown the connection goes too: an idle keep-alive socket would hold the server's close open.
      res.end(() => {
        if (reason === 'shutdown') socket?.end();
      });
    }
    if (reason !== 'done') request.log.debug({ request_id: request.id, reason }, 'event stream closed');
    for (const handler of handlers.splice(0)) {
      try {
        handler(reason);
      } catch (err) {
        request.log.error({ err: loggableError(err), request_id: request.id }, 'event stream close handler failed');
      }
    }
  }

  res.on('close', () => close('client'));
  res.on('error', () => close('error'));
  // A connection that closed before the listeners were attached would never report it.
  if (res.destroyed) close('client');

  return {
    send: (event, data) => write(sseFrame(event, data)),
    sendFrame: write,
    comment: (text) => write(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`),
    close,
    onClose(handler) {
      if (closed) handler('done');
      else handlers.push(handler);
    },
    get closed() {
      return closed;
    },
  };
}
