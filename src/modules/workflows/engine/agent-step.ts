import type { ModelMessage } from 'ai';
import type { Executor } from '../../../platform/db/client.ts';
import { buildModelMessages, type RunRound, type RunTool, toolInstruction } from '../../runs/service.ts';
import { agentOf, derivedId, type StepEnv, type StepResult, type StepUsage, stepError } from './step-env.ts';

/** Model rounds an agent step may take inside a workflow before it must answer. */
export const MAX_AGENT_STEP_ROUNDS = 8;

/** A step cannot stop half-way for a person: steps that need one use `requires_confirmation`. */
const NOT_IN_A_STEP = new Set(['ask_user']);

/**
 * An agent step runs the agent's own loop inside the step's act: its system prompt (with its default skills),
 * its model and its tool allowlist, model rounds and tool calls until it answers. Each tool call runs in its own
 * transaction under an id derived from the act and the call's position, so a rerun of the act after a crash
 * keys the same artifacts instead of writing second ones. A tool's refusal goes back to the model, as in a run.
 */
export async function runAgentStep(
  env: StepEnv,
  agentId: string,
  prompt: string,
  place: { actId: string; path: string },
): Promise<StepResult> {
  const agent = await agentOf(env.agents, env.run.organizationId, agentId);
  if (!agent) throw stepError(`The agent ${agentId} no longer exists`);
  const ctx = { ...env.ctx, agentId };
  const model = await env.gateway.resolve(ctx, { agentModel: agent.agentModel ?? null });
  const tools = model.supportsToolUse
    ? (await env.tools.offered(env.run.organizationId, agent.toolNames, env.db)).filter(
        (t) => !NOT_IN_A_STEP.has(t.name),
      )
    : [];
  const usages: StepUsage[] = [];
  const rounds: RunRound[] = [];
  const outputs = new Map<string, unknown>();

  for (let n = 0; n < MAX_AGENT_STEP_ROUNDS; n++) {
    const messages: ModelMessage[] = [{ role: 'user', content: prompt }, ...buildModelMessages([], rounds, outputs)];
    const result = await env.gateway.streamRound({ model, system: agent.system, messages, tools, signal: env.signal });
    usages.push({ model, usage: result.usage, agentId });
    if (result.toolCalls.length === 0) return { output: { text: result.text }, usages };

    const base = rounds.reduce((count, r) => count + r.toolCalls.length, 0);
    const calls = result.toolCalls.map((c, i) => ({
      ...c,
      actId: derivedId(place.actId, `${place.path}/call-${base + i + 1}`),
    }));
    rounds.push({ text: result.text, toolCalls: calls, model: model.versionId });
    for (const call of calls) {
      if (env.signal.aborted) throw env.signal.reason;
      const offered = tools.some((t) => t.name === call.toolName);
      const tool = offered ? env.tools.byName(call.toolName) : undefined;
      outputs.set(
        call.actId,
        tool ? await callTool(env, tool, call.input, call.actId, model.versionId) : unknownTool(call.toolName),
      );
    }
  }
  throw stepError(`The agent ${agentId} did not answer within ${MAX_AGENT_STEP_ROUNDS} rounds`);
}

const unknownTool = (name: string) => ({ error: `Unknown tool ${name}; use one of the tools offered` });

/**
 * One tool call of a step, in its own transaction (or on the pool for a tool that executes outside one, holding no
 * connection while it waits on a vendor); a question to the person is refused (nothing can pause).
 */
export async function callTool(
  env: StepEnv,
  tool: RunTool,
  args: unknown,
  actId: string,
  /** The model version that called it; null for a tool step. */
  calledBy: string | null,
): Promise<unknown> {
  const execute = (tx: Executor) =>
    tool.execute(args, {
      organizationId: env.run.organizationId,
      threadId: env.run.threadId,
      runId: env.run.id,
      actId,
      projectId: env.thread.projectId,
      principalId: env.run.createdById,
      usageContext: env.ctx,
      model: calledBy,
      prompt: toolInstruction(args),
      tx,
    });
  const outcome = tool.outsideTransaction
    ? await execute(env.db)
    : await env.toolSlots(() => env.db.transaction(execute));
  if (outcome.kind === 'interrupt') return { error: `The tool "${tool.name}" cannot ask a person inside a workflow` };
  return outcome.output ?? null;
}
