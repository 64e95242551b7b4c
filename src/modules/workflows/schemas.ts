import { z } from 'zod';
import { toSnakeKeys } from '../../platform/http/case.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { MessageSchema, RunSchema } from '../runs/schemas.ts';
import { ThreadSchema } from '../threads/schemas.ts';

export const STEP_TYPES = ['model', 'tool', 'skill', 'agent', 'workflow'] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const MAX_STEPS = 50;
/** Workflow steps nesting workflows: at most this many levels below the workflow being run. */
export const MAX_NESTING = 5;
/**
 * Steps one run may execute: a workflow's steps with every nested workflow expanded inline, a nested workflow
 * counted each time it is referenced. Nesting multiplies (50 steps of a 50-step workflow are 2,500), so depth and
 * width alone do not bound a run.
 */
export const MAX_EXPANDED_STEPS = 200;

/** Step ids appear in templates (`{{steps.<id>.output}}`) and as act keys: letters, digits, `_` and `-`. */
const stepId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'use letters, digits, _ and - only');
const prompt = z.string().min(1).max(20_000);

const ModelConfig = z.strictObject({ prompt, model: z.string().min(1).max(200).optional() });
const ToolConfig = z.strictObject({
  tool: z.string().min(1).max(100),
  arguments: z.record(z.string(), z.unknown()).describe('Tool arguments; string values are templates'),
});
const SkillConfig = z.strictObject({ skill: z.string().min(1).max(100).describe('Skill slug'), prompt });
const AgentConfig = z.strictObject({ agent_id: z.uuid(), prompt });
const WorkflowConfig = z.strictObject({
  workflow_id: z.uuid(),
  input: z.record(z.string(), z.unknown()).describe('The nested workflow input; string values are templates'),
});

const stepFields = {
  id: stepId,
  name: z.string().trim().min(1).max(255),
  depends_on: z.array(stepId).max(MAX_STEPS),
  requires_confirmation: z.boolean().optional(),
  confirmation_message: z.string().max(2000).nullable().optional(),
};

/** A step as the model is asked to write it (no input normalisation: JSON Schema must describe it exactly). */
export const StepSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...stepFields, type: z.literal('model'), config: ModelConfig }),
  z.strictObject({ ...stepFields, type: z.literal('tool'), config: ToolConfig }),
  z.strictObject({ ...stepFields, type: z.literal('skill'), config: SkillConfig }),
  z.strictObject({ ...stepFields, type: z.literal('agent'), config: AgentConfig }),
  z.strictObject({ ...stepFields, type: z.literal('workflow'), config: WorkflowConfig }),
]);

/** No steps is a draft: it can be saved (the spec requires only a name) but not run. */
export const DefinitionSchema = z.strictObject({ steps: z.array(StepSchema).max(MAX_STEPS) });

/** Request bodies may spell step and config fields in camelCase too (`dependsOn`, `agentId`, …). */
const normaliseStep = (raw: unknown) => {
  const step = toSnakeKeys(raw) as Record<string, unknown> | unknown;
  if (!step || typeof step !== 'object' || Array.isArray(step)) return step;
  const s = step as Record<string, unknown>;
  return { ...s, config: toSnakeKeys(s.config), depends_on: s.depends_on ?? [] };
};
export const DefinitionBody = z.strictObject({
  steps: z.array(z.preprocess(normaliseStep, StepSchema)).max(MAX_STEPS),
});

export type Step = z.output<typeof StepSchema>;
export type Definition = z.output<typeof DefinitionSchema>;

const visibility = z.enum(['organization', 'private']).describe('private: only its creator sees and runs it');

export const WorkflowSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    definition: DefinitionSchema,
    config: z.record(z.string(), z.unknown()),
    visibility,
    discussion_agent_id: z.uuid().nullable(),
    created_by: z.uuid(),
    status: z.enum(['active', 'archived']),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Workflow' });

const fields = {
  name: z.string().trim().min(1).max(255),
  description: z.string().max(5000).nullable(),
  definition: DefinitionBody,
  config: z.record(z.string(), z.unknown()),
  visibility,
  discussion_agent_id: z.uuid().nullable().describe('An active agent of the organization that writes the reply'),
};

export const CreateWorkflowBody = z.strictObject({
  ...fields,
  definition: fields.definition.default({ steps: [] }),
  description: fields.description.optional(),
  config: fields.config.default({}),
  visibility: visibility.default('organization'),
  discussion_agent_id: fields.discussion_agent_id.optional(),
});

export const PatchWorkflowBody = z
  .strictObject(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change');

export const WorkflowListQuery = pageQuery().extend({
  search: z.string().trim().max(255).optional().describe('Case-insensitive substring of the name or description'),
});

export const RunWorkflowBody = z.strictObject({
  input: z
    .record(z.string(), z.unknown())
    .refine((i) => JSON.stringify(i).length <= 65_536, 'input must serialise to at most 64 KB')
    .describe('The workflow input, read by templates as {{input.<key>}}'),
  thread_id: z.uuid().optional().describe('Run in this thread; default a new thread of the workflow'),
});

export const RunWorkflowResponse = z.object({ message: MessageSchema, run: RunSchema, thread: ThreadSchema });

export const RefineBody = z.strictObject({
  messages: z
    .array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string().trim().min(1).max(20_000) }))
    .min(1)
    .max(50),
});

export const RefineResponse = z
  .object({
    text: z.string(),
    proposedDefinition: DefinitionSchema.nullable().describe('Validated like a PATCH; null when it is not valid'),
  })
  .meta({ id: 'WorkflowRefinement' });

export type WorkflowView = z.output<typeof WorkflowSchema>;
export type CreateWorkflowInput = z.output<typeof CreateWorkflowBody>;
export type PatchWorkflowInput = z.output<typeof PatchWorkflowBody>;
export type WorkflowListFilters = z.output<typeof WorkflowListQuery>;
export type RunWorkflowInput = z.output<typeof RunWorkflowBody>;
export type RefineInput = z.output<typeof RefineBody>;
