import type { z } from 'zod';
import type { Executor } from '../../../platform/db/client.ts';
import type { ModelCallContext } from '../../../platform/models/index.ts';
import type { ArtifactRow } from '../../artifacts/service.ts';

/** What a tool knows of the run calling it. */
export interface ToolContext {
  organizationId: string;
  threadId: string;
  runId: string;
  /** The act of this tool call: artifacts derive their id and blob key from it, so a retried call stores one. */
  actId: string;
  projectId: string | null;
  /** The user or service account the run acts for. */
  principalId: string;
  /** Whom a model call the tool makes is charged to: the run's own attribution. */
  usageContext: ModelCallContext;
  /** The model version whose tool call this is; null for a workflow's tool step, which no model called. */
  model: string | null;
  /** The call's instruction, its arguments as the model (or the step) gave them: toolInstruction(). */
  prompt: string | null;
  /** The engine's transaction for durable writes; every query of a tool goes through it. */
  tx: Executor;
}

export interface ClarificationInterrupt {
  type: 'clarification';
  prompt: string;
  options: string[];
  multiSelect: boolean;
}

export type ToolOutcome =
  /** `output` is the JSON returned to the model; `{ error }` when the call was refused, so the model can retry. */
  | { kind: 'result'; output: unknown; artifact?: ArtifactRow }
  | { kind: 'interrupt'; interrupt: ClarificationInterrupt };

export interface RunTool<I = unknown> {
  name: string;
  description: string;
  /** Validates the model's arguments; `definitions()` turns it into the JSON Schema given to the model. */
  inputSchema: z.ZodType<I>;
  /** Never throws for bad input (that is an `{ error }` result); storage or database failures do throw. */
  execute(input: I, ctx: ToolContext): Promise<ToolOutcome>;
  /** Turns the person's answer to an interrupt into the tool's output; null means they declined. */
  resume?(input: I, answer: string | string[] | null): unknown;
  /**
   * The tool writes none of our data and mostly waits on a vendor: it executes outside the engine's transaction
   * (`ctx.tx` is then the pool), so a slow vendor holds no database connection, and its act is ended afterwards.
   * A crash in between runs it again, which reading twice allows.
   */
  outsideTransaction?: true;
}

export interface ToolDefinition {
  name: string;
  description: string;
  /** A JSON Schema object. */
  inputSchema: Record<string, unknown>;
}

/** At most this much of a tool call's arguments is kept as its artifacts' `prompt`. */
export const INSTRUCTION_LIMIT = 4000;

/** A tool call's arguments as JSON, cut at INSTRUCTION_LIMIT characters: the `prompt` its artifacts record. */
export function toolInstruction(input: unknown): string | null {
  if (input === undefined || input === null) return null;
  const json = JSON.stringify(input);
  return json.length > INSTRUCTION_LIMIT ? `${json.slice(0, INSTRUCTION_LIMIT - 1)}…` : json;
}
