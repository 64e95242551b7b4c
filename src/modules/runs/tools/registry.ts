import { z } from 'zod';
import { askUserTool } from './ask-user.ts';
import { createDashboardTool } from './create-dashboard.ts';
import { createDocumentTool } from './create-document.ts';
import { createFileTool } from './create-file.ts';
import { createPresentationTool } from './create-presentation.ts';
import { createSpreadsheetTool } from './create-spreadsheet.ts';
import { type ProjectSearch, searchProjectFilesTool } from './search-project-files.ts';
import type { ArtifactWriter } from './shared.ts';
import type { RunTool, ToolDefinition } from './types.ts';
import { type SkillLookup, useSkillTool } from './use-skill.ts';

export type { ClarificationInterrupt, RunTool, ToolContext, ToolDefinition, ToolOutcome } from './types.ts';

/** The tool names an agent's `config.tools` allowlist may name. */
export const RUN_TOOL_NAMES = [
  'create_document',
  'create_spreadsheet',
  'create_presentation',
  'create_dashboard',
  'create_file',
  'search_project_files',
  'ask_user',
  'use_skill',
] as const;
export type RunToolName = (typeof RUN_TOOL_NAMES)[number];

/** The arguments' JSON Schema as the model sees it (what it may send), without the `$schema` marker. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** The tools given to agents (DESIGN.md "Tools given to agents"), by name, with their JSON Schemas for the model. */
export function createRunTools(deps: { artifacts: ArtifactWriter; projects: ProjectSearch; skills: SkillLookup }) {
  const all: RunTool[] = [
    createDocumentTool(deps.artifacts),
    createSpreadsheetTool(deps.artifacts),
    createPresentationTool(deps.artifacts),
    createDashboardTool(deps.artifacts),
    createFileTool(deps.artifacts),
    searchProjectFilesTool(deps.projects),
    askUserTool(),
    useSkillTool(deps.skills),
  ] as RunTool[];
  const byName = new Map(all.map((t) => [t.name, t]));
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
