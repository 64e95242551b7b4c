import { z } from 'zod';
import type { Executor } from '../../../platform/db/client.ts';
import { askUserTool } from './ask-user.ts';
import { createImageTool, type ImageToolDeps } from './create-image.ts';
import { CONNECTOR_TOOL_NAMES, RUN_TOOL_NAMES } from './names.ts';
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

/**
 * The tools of an outside service an organization connects (Microsoft 365): offered to a run only when the
 * organization has the connection. Called anyway (a stale call, a model naming a tool it was not offered), a tool
 * answers its own `{ error }`.
 */
export interface ConnectorTools {
  tools: RunTool[];
  /** Whether the organization has the connection the tools need (one indexed read). */
  connected(organizationId: string, ex: Executor): Promise<boolean>;
}

export interface RunToolsDeps {
  /** The file-making tools of the generators module (app.ts composes them in). */
  generators: RunTool[];
  /**
   * The connectors' tools (the integrations module's Microsoft 365 tools; app.ts composes them in). Left out only
   * where a registry is composed for other tools (tests): their names are then not offered at all.
   */
  connectors?: ConnectorTools[];
  /** create_image's image model (through the gateway) and where its picture is stored. */
  images: ImageToolDeps;
  projects: ProjectSearch;
  skills: SkillLookup;
}

/**
 * The tools given to agents (DESIGN.md "Tools given to agents"), by name, with their JSON Schemas for the model:
 * the generators' and connectors' tools plus the runs module's own. Throws at composition unless they are exactly
 * RUN_TOOL_NAMES (less CONNECTOR_TOOL_NAMES when composed without connectors).
 */
export function createRunTools(deps: RunToolsDeps) {
  const connectors = deps.connectors ?? [];
  const composed = [
    ...deps.generators,
    ...connectors.flatMap((c) => c.tools),
    createImageTool(deps.images),
    searchProjectFilesTool(deps.projects),
    askUserTool(),
    useSkillTool(deps.skills),
  ] as RunTool[];
  const byName = new Map(composed.map((t) => [t.name, t]));
  const names = composed.map((t) => t.name).sort();
  const expected = RUN_TOOL_NAMES.filter((name) => deps.connectors || !CONNECTOR_TOOL_NAMES.includes(name));
  if (byName.size !== composed.length || names.join() !== [...expected].sort().join()) {
    throw new Error(`The run tools must be exactly ${expected.join(', ')}; composed: ${names.join(', ')}`);
  }
  const all = expected.map((name) => byName.get(name)!);
  const schemas = new Map(all.map((t) => [t.name, jsonSchemaOf(t.inputSchema)]));
  const gates = connectors.map((c) => ({ names: new Set(c.tools.map((t) => t.name)), connected: c.connected }));

  /** Definitions for the model; `names` (an agent's allowlist) keeps only those (in the registry's order); unknown names are skipped. */
  function definitions(names?: readonly string[]): ToolDefinition[] {
    const chosen = names ? all.filter((t) => names.includes(t.name)) : all;
    return chosen.map((t) => ({ name: t.name, description: t.description, inputSchema: schemas.get(t.name)! }));
  }

  return {
    all,
    byName: (name: string): RunTool | undefined => byName.get(name),
    definitions,
    /**
     * The definitions offered to a run of the organization: `definitions(names)` without the tools of connectors
     * it has not connected. A connector is asked only when one of its tools is among them (one read each).
     */
    async offered(organizationId: string, names: readonly string[] | undefined, ex: Executor) {
      const chosen = definitions(names);
      const hidden = new Set<string>();
      for (const gate of gates) {
        if (!chosen.some((d) => gate.names.has(d.name))) continue;
        if (!(await gate.connected(organizationId, ex))) for (const name of gate.names) hidden.add(name);
      }
      return chosen.filter((d) => !hidden.has(d.name));
    },
  };
}

export type RunTools = ReturnType<typeof createRunTools>;
