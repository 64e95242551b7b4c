import { expect } from 'vitest';
import { type OrgUser, unique } from './fixtures.ts';

/** An agent created over HTTP by `who`, with a unique name and a plain system prompt unless `body` says otherwise. */
export async function createAgent(who: OrgUser, body: Record<string, unknown> = {}) {
  const res = await who.http.post('/v1/agents', { name: unique('Agent'), system_prompt: 'You help.', ...body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
