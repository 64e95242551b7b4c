import { type components, unwrap } from '@atrium/client';
import { readAllPages } from '../../../lib/all-pages.ts';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type Message = components['schemas']['Message'];
export type Artifact = components['schemas']['Artifact'];

/** The largest page the server gives: a 500-message transcript is five requests. */
const PAGE_SIZE = 100;

export const conversationKeys = {
  transcript: (threadId: string) => ['transcript', threadId] as const,
  artifacts: (threadId: string) => ['thread-artifacts', threadId] as const,
};

/** Every message of the thread, oldest first. */
export function readTranscript(client: AtriumClient, threadId: string) {
  return readAllPages(async (cursor) =>
    unwrap(
      await client.api.GET('/v1/threads/{id}/messages', {
        params: { path: { id: threadId }, query: { limit: PAGE_SIZE, cursor } },
      }),
    ),
  );
}

export function readThreadArtifacts(client: AtriumClient, threadId: string) {
  return readAllPages(async (cursor) =>
    unwrap(
      await client.api.GET('/v1/threads/{id}/artifacts', {
        params: { path: { id: threadId }, query: { limit: PAGE_SIZE, cursor } },
      }),
    ),
  );
}

export async function postMessage(client: AtriumClient, threadId: string, content: string) {
  return unwrap(
    await client.api.POST('/v1/threads/{id}/messages', { params: { path: { id: threadId } }, body: { content } }),
  );
}

export async function cancelRun(client: AtriumClient, threadId: string, runId: string) {
  return unwrap(
    await client.api.POST('/v1/threads/{id}/runs/{runId}/cancel', { params: { path: { id: threadId, runId } } }),
  );
}
