import type { AtriumClient, TurnDocument } from '@atrium/client';
import { vi } from 'vitest';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a fake route answers: a status and a JSON body (none for 204). */
export interface FakeReply {
  status: number;
  body?: unknown;
}

/** The options object a call passed: `{ params: { path, query }, body }`. */
export type CallInit = { params?: { path?: Record<string, string>; query?: Record<string, unknown> }; body?: unknown };

export const ok = (body: unknown, status = 200): FakeReply => ({ status, body });
export const fail = (status: number, code: string, error: string): FakeReply => ({
  status,
  body: { error, code, request_id: 'req_test' },
});

/**
 * A stand-in for the API client, answering the routes a test declares (by method and path template, as
 * openapi-fetch is called) and failing loudly on any other. `turns` feeds `streamTurn` by hand.
 */
export function createFakeClient() {
  const routes = new Map<string, (init: CallInit) => FakeReply>();
  const turns = createTurnFeed();

  const call = (method: Method) =>
    vi.fn(async (path: string, init: CallInit = {}) => {
      const route = routes.get(`${method} ${path}`);
      if (!route) throw new Error(`The test did not expect ${method} ${path}`);
      const { status, body } = route(init);
      const response = new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      });
      return status < 300 ? { data: body, response } : { error: body, response };
    });

  const api = { GET: call('GET'), POST: call('POST'), PUT: call('PUT'), PATCH: call('PATCH'), DELETE: call('DELETE') };
  const streamTurn = vi.fn((_threadId: string, _runId: string, _opts?: { signal?: AbortSignal }) => turns.iterate());
  const awaitDelivery = vi.fn(async () => ({}));
  const client = { api, streamTurn, awaitDelivery } as unknown as AtriumClient;

  return {
    client,
    api,
    streamTurn,
    awaitDelivery,
    turns,
    on(method: Method, path: string, reply: FakeReply | ((init: CallInit) => FakeReply)) {
      routes.set(`${method} ${path}`, typeof reply === 'function' ? reply : () => reply);
    },
  };
}

export type FakeClient = ReturnType<typeof createFakeClient>;

/** Turn documents a test pushes one by one; `end` finishes the stream as the server's terminal close does. */
function createTurnFeed() {
  const queue: (TurnDocument | null)[] = [];
  let wake: (() => void) | null = null;
  const settle = () => {
    wake?.();
    wake = null;
  };
  return {
    push(doc: TurnDocument) {
      queue.push(doc);
      settle();
    },
    end() {
      queue.push(null);
      settle();
    },
    async *iterate(): AsyncGenerator<TurnDocument> {
      for (;;) {
        while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const next = queue.shift();
        if (!next) return;
        yield next;
      }
    },
  };
}
