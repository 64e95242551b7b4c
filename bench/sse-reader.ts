/**
 * The benchmarks' SSE client: one `http.request`, frames split on blank lines, `event:` and `data:` lines read
 * as they come. No validation beyond that and no buffering of frames: the caller gets each one as it arrives.
 */
import { type Agent, request } from 'node:http';

export interface SseHandlers {
  /** Every `event:` frame with its raw `data:` text (comments are skipped). */
  onFrame(event: string, data: string): void;
  /** The response ended or the connection closed; `status` is the HTTP status (0 when none arrived). */
  onEnd?(status: number, error: Error | null): void;
}

export interface SseTarget {
  host: string;
  port: number;
  path: string;
  headers?: Record<string, string>;
  /** A keep-alive agent to reuse connections; none = one connection per stream (`agent: false`). */
  agent?: Agent;
}

/** Splits a chunked text stream into frames; returns what is left over (an incomplete frame). */
export function splitFrames(buffer: string, onFrame: (event: string, data: string) => void): string {
  let start = 0;
  for (let end = buffer.indexOf('\n\n', start); end !== -1; end = buffer.indexOf('\n\n', start)) {
    const block = buffer.slice(start, end);
    start = end + 2;
    if (block.startsWith(':')) continue;
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    onFrame(event, data);
  }
  return start === 0 ? buffer : buffer.slice(start);
}

/** Opens one stream; the returned function drops it (as a client going away). */
export function openSseStream(target: SseTarget, handlers: SseHandlers): () => void {
  let status = 0;
  let ended = false;
  const end = (error: Error | null) => {
    if (ended) return;
    ended = true;
    handlers.onEnd?.(status, error);
  };
  const req = request(
    {
      host: target.host,
      port: target.port,
      path: target.path,
      method: 'GET',
      headers: { accept: 'text/event-stream', ...target.headers },
      agent: target.agent ?? false,
    },
    (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer = splitFrames(buffer + chunk, handlers.onFrame);
      });
      res.on('end', () => end(null));
      res.on('close', () => end(null));
      res.on('error', (error) => end(error));
    },
  );
  req.on('error', (error) => end(error));
  req.end();
  return () => {
    req.destroy();
    end(null);
  };
}
