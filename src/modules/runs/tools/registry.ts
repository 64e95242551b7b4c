import { z } from 'zod';
import { askUserTool } from './ask-user.ts';
import { RUN_TOOL_NAMES } from './names.ts';
import { type ProjectSearch, searchProjectFilesTool } from './search-project-files.ts';
import type { RunTool, ToolDefinition } from './types.ts';
import { type SkillLookup, useSkillTool } from './use-skill.ts';

export type { ClarificationInterrupt, RunTool, ToolContext, ToolDefinition, ToolOutcome } from './types.ts';

/** The arguments' JSON Schema as the model sees it (what it may send), without the `$schema` marker. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

export interface RunToolsDeps {
  /** The file-making tools of the generators module (app.ts composes them in). */
  generators: RunTool[];
  projects: ProjectSearch;
  skills: SkillLookup;
}

/**
 * The tools given to agents (DESIGN.md "Tools given to agents"), by name, with their JSON Schemas for the model:
 * the generators' tools plus the runs module's own. Throws at composition unless they are exactly RUN_TOOL_NAMES.
 */
export function createRunTools(deps: RunToolsDeps) {
  const composed = [
    ...deps.generators,
    searchProjectFilesTool(deps.projects),
    askUserTool(),
    useSkillTool(deps.skills),
  ] as RunTool[];
  const byName = new Map(composed.map((t) => [t.name, t]));
  const names = composed.map((t) => t.name).sort();
  if (byName.size !== composed.length || names.join() !== [...RUN_TOOL_NAMES].sort().join()) {
    throw new Error(`The run tools must be exactly ${RUN_TOOL_NAMES.join(', ')}; composed: ${names.join(', ')}`);
  }
  const all = RUN_TOOL_NAMES.map((name) => byName.get(name)!);
  const schemas = new Map(all.map((t) => [t.name, jsonSchemaOf(t.inputSchema)]));

  return {
    all,
    byName: (name: string): RunTool | undefined => byName.get(name),
    /** Definitions for the model; `names` (an agent's allowlist) keeps only those (in the registry's order); unknown names are skipped. */
    definitions(names?: readonly string[]): ToolDefinition[] {
      const chosen = names ? all.filter((t) => names.includes(t.name)) : all;
      return chosen.map((t) => ({ name: t.name, description: t.description, inputSchema: schemas.get(t.name)! }));
    },
  };
}

export type RunTools = ReturnType<typeof createRunTools>;
