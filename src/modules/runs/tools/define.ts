import { z } from 'zod';
import type { ArtifactRow } from '../../artifacts/service.ts';
import type { RunTool, ToolContext, ToolOutcome } from './types.ts';

export const errorResult = (error: string): ToolOutcome => ({ kind: 'result', output: { error } });

/** A tool's new artifact: what the model is told of it, and the row the engine announces. */
export const artifactResult = (row: ArtifactRow): ToolOutcome => ({
  kind: 'result',
  output: {
    artifact_id: row.id,
    filename: row.filename,
    type: row.type,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    title: row.title,
    message: `Created ${row.filename}; the person can open it from the conversation.`,
  },
  artifact: row,
});

function describeIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 8).map((i) => {
    const path = i.path.map(String).join('.');
    return path ? `${path}: ${i.message}` : i.message;
  });
  if (error.issues.length > 8) lines.push(`…and ${error.issues.length - 8} more`);
  return lines.join('; ');
}

/**
 * A tool whose `execute` validates the model's arguments itself: invalid ones give an `{ error }` result the
 * model can correct, never an exception. Schemas must be idempotent (no transforms beyond trim and defaults)
 * since the engine may have parsed them already.
 */
export function defineTool<I>(tool: {
  name: string;
  description: string;
  inputSchema: z.ZodType<I>;
  run(input: I, ctx: ToolContext): Promise<ToolOutcome>;
  resume?(input: I, answer: string | string[] | null): unknown;
  outsideTransaction?: true;
}): RunTool<I> {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    async execute(input, ctx) {
      const parsed = tool.inputSchema.safeParse(input);
      if (!parsed.success) return errorResult(`Invalid arguments for ${tool.name}: ${describeIssues(parsed.error)}`);
      return tool.run(parsed.data, ctx);
    },
    ...(tool.resume ? { resume: tool.resume } : {}),
    ...(tool.outsideTransaction ? { outsideTransaction: true } : {}),
  };
}

/** A trimmed, non-empty string of at most `max` characters: the usual tool argument. */
export const text = (max: number) => z.string().trim().min(1).max(max);
