import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { RUN_TOOL_NAMES } from '../runs/service.ts';

export const MAX_SYSTEM_PROMPT_CHARS = 100_000;
export const MAX_DEFAULT_SKILLS = 50;
const MAX_CONFIG_BYTES = 16_384;

export const AgentSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    system_prompt: z.string(),
    config: z.record(z.string(), z.unknown()),
    visibility: z.enum(['organization', 'private']),
    default_skill_slugs: z.array(z.string()),
    created_by: z.uuid(),
    status: z.enum(['active', 'archived']),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Agent' });

const unique = <T>(list: T[]) => [...new Set(list)];

/**
 * `model` and `tools` are read; every other key is stored as sent and ignored. `tools` is the exact allowlist
 * of the run's tools (omitted = all, [] = none); `model` names an active catalog version (checked by the service).
 */
export const AgentConfigSchema = z
  .looseObject({
    model: z.string().trim().min(1).max(255).optional().describe('A catalog version id or vendor modelId'),
    tools: z
      .array(z.enum(RUN_TOOL_NAMES))
      .transform(unique)
      .optional()
      .describe('The tools the agent may use (omitted = all tools, [] = none)'),
  })
  .refine((c) => JSON.stringify(c).length <= MAX_CONFIG_BYTES, 'config must serialise to at most 16 KB');

const name = z.string().trim().min(1).max(255);
const description = z.string().trim().max(5000).nullable();
const systemPrompt = z
  .string()
  .max(MAX_SYSTEM_PROMPT_CHARS)
  .refine((s) => s.trim().length > 0, 'system_prompt must not be blank');
const visibility = z.enum(['organization', 'private']);
const skillSlugs = z
  .array(z.string().trim().min(1).max(100))
  .max(MAX_DEFAULT_SKILLS)
  .transform(unique)
  .describe('Slugs of live skills (built-in or the organization’s) whose instructions every run gets');

export const CreateAgentBody = z.strictObject({
  name,
  description: description.optional(),
  system_prompt: systemPrompt,
  config: AgentConfigSchema.optional(),
  visibility: visibility.default('organization'),
  default_skill_slugs: skillSlugs.optional(),
});

/** The same fields, all optional; `config` replaces the stored config as a whole. */
export const PatchAgentBody = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  system_prompt: systemPrompt.optional(),
  config: AgentConfigSchema.optional(),
  visibility: visibility.optional(),
  default_skill_slugs: skillSlugs.optional(),
});

export const AgentListQuery = pageQuery().extend({
  search: z.string().trim().max(255).optional().describe('Case-insensitive substring of the name or description'),
});

/** The compatibility alias of the thread-run endpoint. */
export const RunAgentBody = z.strictObject({
  input: z
    .looseObject({
      prompt: z
        .string()
        .max(100_000)
        .refine((p) => p.trim().length > 0, 'prompt must not be blank'),
    })
    .describe('The run input; `prompt` becomes the user message'),
  thread_id: z.uuid().optional().describe('A thread of this agent; without it a new thread is created'),
  metadata: z
    .record(z.string().max(100), z.unknown())
    .refine((m) => JSON.stringify(m).length <= 16_384, 'metadata must serialise to at most 16 KB')
    .optional()
    .describe('Stored on the user message'),
});

export type CreateAgentInput = z.output<typeof CreateAgentBody>;
export type PatchAgentInput = z.output<typeof PatchAgentBody>;
export type AgentListFilters = z.output<typeof AgentListQuery>;
export type RunAgentInput = z.output<typeof RunAgentBody>;
export type AgentConfig = z.output<typeof AgentConfigSchema>;
