import type { Executor } from '../../platform/db/client.ts';
import { conflict } from '../../platform/http/errors.ts';
import { agentsStore as store } from './store.ts';

export const agentArchived = () =>
  conflict('agent_archived', 'This agent is archived; its threads stay readable but it takes no new runs');

/** What a run needs of its agent (the engine's `AgentRunSource`). */
export interface AgentRunSpec {
  systemPrompt: string;
  config: Record<string, unknown>;
  defaultSkillSlugs: string[];
}

/**
 * The agents' answers to other modules, with no dependency on them (so app.ts can hand them to the threads,
 * runs and engine services that the agents service itself depends on): whether an agent may create a thread,
 * whether it may take a new run, and what a run of it needs.
 */
export function createAgentDirectory(deps: { db: Executor }) {
  return {
    /**
     * A thread may be created by an active agent of the organization that the caller can see (private agents
     * only by their creator; without `principalId`, any active agent).
     */
    async isActive(ex: Executor, organizationId: string, agentId: string, principalId?: string): Promise<boolean> {
      const row = principalId
        ? await store.findVisible(ex, organizationId, agentId, principalId)
        : await store.find(ex, organizationId, agentId);
      return row?.status === 'active';
    },

    /** 409 `agent_archived` unless the agent is active; read in the launching transaction. */
    async assertRunnable(ex: Executor, organizationId: string, agentId: string): Promise<void> {
      const row = await store.find(ex, organizationId, agentId);
      if (row?.status !== 'active') throw agentArchived();
    },

    /** The agent of a run, archived or not (a run accepted before the archive still finishes). */
    async forRun(organizationId: string, agentId: string): Promise<AgentRunSpec | null> {
      const row = await store.find(deps.db, organizationId, agentId);
      return row
        ? { systemPrompt: row.systemPrompt, config: row.config, defaultSkillSlugs: row.defaultSkillSlugs }
        : null;
    },
  };
}

export type AgentDirectory = ReturnType<typeof createAgentDirectory>;
