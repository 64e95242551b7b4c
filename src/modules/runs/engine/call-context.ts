import type { ModelCallContext } from '../../../platform/models/index.ts';
import type { RunRow } from '../store.ts';

/** Whom a run's model calls are charged to: its organization, user, agent, channel and the run itself. */
export const modelCallContextOf = (run: RunRow): ModelCallContext => ({
  organizationId: run.organizationId,
  userId: run.userId,
  agentId: run.agentId,
  integrationId: run.integrationId,
  channel: run.channel,
  runId: run.id,
});
