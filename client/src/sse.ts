import { isNetworkError } from './retry.ts';

interface SseEvent {
  event: string;
  data: string;
}

/** The connection broke while the body was read (reset by a peer, cut by a proxy): the stream may be reopened. */
export class SseConnectionLost extends Error {
  constructor(cause: unknown) {
    super('The event stream connection was lost', { cause });
    this.name = 'SseConnectionLost';
  }
}

/** A line end: CRLF, LF, or a CR that is not the last character read so far (its LF may be in the next chunk). */
const LINE_END = /\r\n|\n|\r(?!$)/g;

/**
 * The events of a `text/event-stream` body, parsed by the WHATWG rules (any line end, several `data:` lines
 * joined by LF, comments and unknown fields skipped). An event the stream ends in the middle of is dropped.
 * Stopping the iteration cancels the body, which closes the connection.
 */
export async function* readSseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const chunk = await reader.read().catch((error: unknown) => {
        throw isNetworkError(error) ? new SseConnectionLost(error) : error;
      });
      if (chunk.done) return;
      pending += decoder.decode(chunk.value, { stream: true });
      let lineStart = 0;
      for (const end of pending.matchAll(LINE_END)) {
        const line = pending.slice(lineStart, end.index);
        lineStart = end.index + end[0].length;
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      pending = pending.slice(lineStart);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
