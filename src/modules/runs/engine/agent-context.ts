import type { Executor } from '../../../platform/db/client.ts';

/** What a run needs of its agent; the engine reads it through this narrow source, never the agents' store. */
export interface AgentRunSource {
  forRun(
    organizationId: string,
    agentId: string,
  ): Promise<{ systemPrompt: string; config: Record<string, unknown>; defaultSkillSlugs: string[] } | null>;
}

/** The instructions of live skills by slug (archived and unknown ones are left out). */
export interface SkillInstructionSource {
  resolveForRun(
    organizationId: string,
    slugs: string[],
    db?: Executor,
  ): Promise<{ slug: string; name: string; instructions: string }[]>;
}

export interface AgentContextDeps {
  agents: AgentRunSource;
  skills: SkillInstructionSource;
}

export interface AgentRunContext {
  /** The agent's system prompt with its default skills' instructions appended. */
  system: string;
  /** The exact tool allowlist (`config.tools`); undefined = every tool. */
  toolNames: string[] | undefined;
  /** `config.model` (a version id or vendor modelId), resolved by the gateway; undefined = the usual order. */
  agentModel: string | undefined;
}

/**
 * The agent's side of a run, or null for a run without an agent. A run whose agent row is gone fails (an
 * archived agent still answers: a run accepted before the archive finishes).
 */
export async function loadAgentContext(
  deps: AgentContextDeps,
  run: { organizationId: string; agentId: string | null },
): Promise<AgentRunContext | null> {
  if (!run.agentId) return null;
  const agent = await deps.agents.forRun(run.organizationId, run.agentId);
  if (!agent) throw new Error(`agent ${run.agentId} of the run is gone`);
  const skills = agent.defaultSkillSlugs.length
    ? await deps.skills.resolveForRun(run.organizationId, agent.defaultSkillSlugs)
    : [];
  const { tools, model } = agent.config;
  return {
    system: [
      agent.systemPrompt.trim(),
      ...skills.map((s) => `## Skill: ${s.name} (${s.slug})\n${s.instructions.trim()}`),
    ].join('\n\n'),
    toolNames: Array.isArray(tools) ? tools.filter((t): t is string => typeof t === 'string') : undefined,
    agentModel: typeof model === 'string' && model.trim() ? model : undefined,
  };
}
