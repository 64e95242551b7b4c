import type { Agent, AgentBody } from './agents-api.ts';

/** The tools an agent may be allowed (the API's enum), in the order the model is offered them. */
export const AGENT_TOOLS = [
  { name: 'create_document', label: 'Create documents' },
  { name: 'create_spreadsheet', label: 'Create spreadsheets' },
  { name: 'create_presentation', label: 'Create presentations' },
  { name: 'create_dashboard', label: 'Create dashboards' },
  { name: 'create_file', label: 'Create files' },
  { name: 'create_image', label: 'Create images' },
  { name: 'search_project_files', label: 'Search project files' },
  { name: 'm365_search_files', label: 'Search Microsoft 365 files' },
  { name: 'm365_read_file', label: 'Read a Microsoft 365 file' },
  { name: 'ask_user', label: 'Ask you a question' },
  { name: 'use_skill', label: 'Use skills' },
] as const;

export type AgentToolName = (typeof AGENT_TOOLS)[number]['name'];

/** The API's bounds (src/modules/agents/schemas.ts). */
export const AGENT_LIMITS = { name: 255, description: 5000, instructions: 100_000, defaultSkills: 50 } as const;

export interface AgentFormValues {
  name: string;
  description: string;
  instructions: string;
  visibility: 'organization' | 'private';
  /** A model version id; '' keeps the organization's default model. */
  model: string;
  tools: AgentToolName[];
  skills: string[];
}

export type AgentFormErrors = Partial<Record<'name' | 'description' | 'instructions' | 'skills', string>>;

const ALL_TOOLS = AGENT_TOOLS.map((tool) => tool.name);
const isToolName = (name: unknown): name is AgentToolName => ALL_TOOLS.includes(name as AgentToolName);

/** The form as it opens: empty for a new agent, the stored fields for an existing one. */
export function agentFormValues(agent?: Agent): AgentFormValues {
  const { model, tools } = agent?.config ?? {};
  return {
    name: agent?.name ?? '',
    description: agent?.description ?? '',
    instructions: agent?.system_prompt ?? '',
    visibility: agent?.visibility ?? 'organization',
    model: typeof model === 'string' ? model : '',
    // No allowlist stored means every tool.
    tools: Array.isArray(tools) ? tools.filter(isToolName) : [...ALL_TOOLS],
    skills: agent?.default_skill_slugs ?? [],
  };
}

/** The checks the API makes on these fields, so a person sees them before sending. */
export function validateAgentForm(values: AgentFormValues): AgentFormErrors {
  const errors: AgentFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Give the agent a name.';
  else if (name.length > AGENT_LIMITS.name) errors.name = `At most ${AGENT_LIMITS.name} characters.`;
  if (values.description.trim().length > AGENT_LIMITS.description) {
    errors.description = `At most ${AGENT_LIMITS.description} characters.`;
  }
  if (!values.instructions.trim()) errors.instructions = 'Write the instructions the agent follows.';
  else if (values.instructions.length > AGENT_LIMITS.instructions) {
    errors.instructions = `At most ${AGENT_LIMITS.instructions} characters.`;
  }
  if (values.skills.length > AGENT_LIMITS.defaultSkills) {
    errors.skills = `At most ${AGENT_LIMITS.defaultSkills} default skills.`;
  }
  return errors;
}

/**
 * The create or update body. `config` replaces the stored one as a whole, so keys this form does not edit are
 * carried over from `storedConfig`.
 */
export function agentBody(values: AgentFormValues, storedConfig: Record<string, unknown> = {}): AgentBody {
  const { model: _model, ...kept } = storedConfig;
  const config = { ...kept, tools: values.tools, ...(values.model ? { model: values.model } : {}) };
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    system_prompt: values.instructions,
    visibility: values.visibility,
    config,
    default_skill_slugs: values.skills,
  };
}
