import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type PendingApproval = components['schemas']['PendingApproval'];

/** An awaiting interrupt as a card needs it, whether it came from the approvals list or a live turn. */
export interface PendingInterrupt {
  /** The awaiting act: the `interrupt_id` of the answer. */
  id: string;
  type: 'approval' | 'clarification';
  prompt: string;
  options: string[];
  multiSelect: boolean;
}

export type InterruptAnswer =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'resume'; answer: string | string[] };

/** The inbox fits one page: more than this many open questions is shown as "100+". */
export const APPROVALS_PAGE_SIZE = 100;

/** A page of the pending list, newest first; the first without a cursor. */
export async function listPendingApprovals(client: AtriumClient, cursor?: string) {
  return unwrap(await client.api.GET('/v1/approvals', { params: { query: { limit: APPROVALS_PAGE_SIZE, cursor } } }));
}

export async function answerInterrupt(
  client: AtriumClient,
  run: { threadId: string; runId: string; interruptId: string },
  answer: InterruptAnswer,
) {
  const params = { path: { id: run.threadId, runId: run.runId } };
  const interrupt_id = run.interruptId;
  switch (answer.action) {
    case 'approve':
      return unwrap(await client.api.POST('/v1/threads/{id}/runs/{runId}/approve', { params, body: { interrupt_id } }));
    case 'reject': {
      const body = answer.reason ? { interrupt_id, reason: answer.reason } : { interrupt_id };
      return unwrap(await client.api.POST('/v1/threads/{id}/runs/{runId}/reject', { params, body }));
    }
    case 'resume':
      return unwrap(
        await client.api.POST('/v1/threads/{id}/runs/{runId}/resume', {
          params,
          body: { interrupt_id, answer: answer.answer },
        }),
      );
  }
}
