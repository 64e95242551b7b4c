import { type IncomingHttpHeaders, request } from 'node:http';
import { StringDecoder } from 'node:string_decoder';

/**
 * A browser-free SSE client that checks the wire format byte for byte: every frame must be exactly
 * `event: <name>\ndata: <one line of JSON>\n\n` or a comment `: <text>\n\n`; anything else is an `invalid`
 * frame, so a test can assert there is none.
 */
export type SseFrame =
  | { kind: 'event'; event: string; data: string; json: any; raw: string }
  | { kind: 'comment'; text: string; raw: string }
  | { kind: 'invalid'; raw: string; reason: string };

export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** A non-SSE response's body (parsed when JSON), after it ended. */
  body: any;
  /** Every byte received so far, decoded as UTF-8. */
  raw(): string;
  /** Frames received so far. */
  frames: SseFrame[];
  /** The next frame not yet taken; null once the stream ended and every frame was taken. */
  next(): Promise<SseFrame | null>;
  /** The next event frame, skipping comments. */
  nextEvent(): Promise<Extract<SseFrame, { kind: 'event' }> | null>;
  /** Every remaining frame, once the server has closed the stream. */
  rest(): Promise<SseFrame[]>;
  /** Resolves when the server ended the response or the connection closed. */
  ended: Promise<void>;
  /** Drops the connection, as a client going away. */
  close(): void;
}

/** Safety net against a hung test, never an assertion about timing. */
const WAIT_LIMIT_MS = 10_000;

function parseBlock(block: string): SseFrame {
  const raw = `${block}\n\n`;
  if (block.includes('\r')) return { kind: 'invalid', raw, reason: 'carriage return' };
  const lines = block.split('\n');
  if (lines.length === 1 && lines[0]?.startsWith(':')) {
    const text = lines[0].slice(1);
    return text.startsWith(' ')
      ? { kind: 'comment', text: text.slice(1), raw }
      : { kind: 'invalid', raw, reason: 'comment without a space' };
  }
  const [eventLine, dataLine] = lines;
  if (lines.length !== 2 || !eventLine?.startsWith('event: ') || !dataLine?.startsWith('data: '))
    return { kind: 'invalid', raw, reason: 'not one event line and one data line' };
  const data = dataLine.slice('data: '.length);
  try {
    return { kind: 'event', event: eventLine.slice('event: '.length), data, json: JSON.parse(data), raw };
  } catch {
    return { kind: 'invalid', raw, reason: 'data is not JSON' };
  }
}

export function openSse(
  url: string,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<SseConnection> {
  return new Promise((resolveOpen, rejectOpen) => {
    const req = request(url, {
      method: 'GET',
      agent: false,
      headers: { accept: 'text/event-stream', ...options.headers },
      signal: options.signal,
    });
    req.on('error', rejectOpen);
    req.on('response', (res) => {
      const decoder = new StringDecoder('utf8');
      const frames: SseFrame[] = [];
      let all = '';
      let pending = '';
      let taken = 0;
      let done = false;
      let wake: (() => void) | null = null;
      const notify = () => {
        wake?.();
        wake = null;
      };
      const isSse = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');

      const ended = new Promise<void>((resolveEnd) => {
        const finish = () => {
          if (done) return;
          all += decoder.end();
          if (isSse && pending !== '') frames.push({ kind: 'invalid', raw: pending, reason: 'unterminated frame' });
          done = true;
          notify();
          resolveEnd();
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      });

      res.on('data', (chunk: Buffer) => {
        const text = decoder.write(chunk);
        all += text;
        if (!isSse) return;
        pending += text;
        for (let at = pending.indexOf('\n\n'); at !== -1; at = pending.indexOf('\n\n')) {
          frames.push(parseBlock(pending.slice(0, at)));
          pending = pending.slice(at + 2);
        }
        notify();
      });

      async function next(): Promise<SseFrame | null> {
        const deadline = Date.now() + WAIT_LIMIT_MS;
        while (taken >= frames.length) {
          if (done) return null;
          if (Date.now() > deadline) throw new Error(`No SSE frame within ${WAIT_LIMIT_MS} ms; got: ${all}`);
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 100).unref();
          });
        }
        return frames[taken++] ?? null;
      }

      const connection: SseConnection = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: undefined,
        raw: () => all,
        frames,
        next,
        async nextEvent() {
          for (let frame = await next(); frame; frame = await next()) {
            if (frame.kind === 'invalid')
              throw new Error(`Invalid SSE frame (${frame.reason}): ${JSON.stringify(frame.raw)}`);
            if (frame.kind === 'event') return frame;
          }
          return null;
        },
        async rest() {
          const out: SseFrame[] = [];
          for (let frame = await next(); frame; frame = await next()) out.push(frame);
          return out;
        },
        ended,
        close() {
          req.destroy();
          res.destroy();
        },
      };

      if (isSse) {
        resolveOpen(connection);
        return;
      }
      ended.then(() => {
        const json = String(res.headers['content-type'] ?? '').includes('application/json');
        connection.body = json && all !== '' ? JSON.parse(all) : all;
        resolveOpen(connection);
      });
    });
    req.end();
  });
}
