import { expect } from 'vitest';
import type { Client } from './http.ts';

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** Polls a run's snapshot until `done` holds (default: the delivery contract's predicate). */
export async function waitForRun(
  http: Client,
  threadId: string,
  runId: string,
  done: (snapshot: any) => boolean = (s) =>
    TERMINAL.has(s.run.status) && s.outputMessageId !== null && s.outputMessage !== null,
  timeoutMs = 20_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await http.get(`/v1/threads/${threadId}/runs/${runId}`);
    expect(res.status, res.text).toBe(200);
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`run ${runId} did not settle: ${JSON.stringify(res.body.run)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const awaiting = (s: any) => s.run.status === 'awaiting';

/** Posts a message that starts a run and returns both. */
export async function postAndRun(http: Client, threadId: string, content: string) {
  const res = await http.post(`/v1/threads/${threadId}/messages`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body as { message: any; run: any };
}
