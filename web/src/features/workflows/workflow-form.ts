import { formatJsonObject, parseJsonObject } from './json-object.ts';
import type { Definition, Step, StepType, Workflow, WorkflowBody } from './workflows-api.ts';

/** The API's bounds (src/modules/workflows/schemas.ts). */
export const WORKFLOW_LIMITS = {
  name: 255,
  description: 5000,
  steps: 50,
  stepId: 100,
  stepName: 255,
  prompt: 20_000,
  confirmationMessage: 2000,
} as const;

/** Step ids appear in templates (`{{steps.<id>.output}}`), so the API allows letters, digits, `_` and `-` only. */
const STEP_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const STEP_TYPES: readonly { type: StepType; label: string }[] = [
  { type: 'model', label: 'Model: answer a prompt' },
  { type: 'tool', label: 'Tool: call one tool' },
  { type: 'skill', label: 'Skill: follow a skill' },
  { type: 'agent', label: 'Agent: ask an agent' },
  { type: 'workflow', label: 'Workflow: run another workflow' },
];

/**
 * One step as the editor holds it. Every type's fields are kept, so switching the type back and forth loses
 * nothing typed; only the chosen type's config is sent.
 */
export interface StepValues {
  /** Stable while the form is open (the id itself is editable): the list key, and what dependencies point at. */
  key: string;
  id: string;
  name: string;
  type: StepType;
  /** model, skill and agent steps */
  prompt: string;
  /** model steps: a model version id, '' for the organization's default */
  model: string;
  tool: string;
  /** tool steps: JSON object text */
  arguments: string;
  /** skill steps: the skill's slug */
  skill: string;
  agentId: string;
  workflowId: string;
  /** workflow steps: JSON object text */
  input: string;
  /** Keys of earlier steps. */
  dependsOn: string[];
  requiresConfirmation: boolean;
  confirmationMessage: string;
}

export interface WorkflowFormValues {
  name: string;
  description: string;
  steps: StepValues[];
}

export type StepField =
  | 'id'
  | 'name'
  | 'prompt'
  | 'tool'
  | 'arguments'
  | 'skill'
  | 'agentId'
  | 'workflowId'
  | 'input'
  | 'dependsOn'
  | 'confirmationMessage';
export type StepErrors = Partial<Record<StepField, string>>;

export interface WorkflowFormErrors {
  name?: string;
  description?: string;
  /** About the list as a whole (too many steps). */
  stepList?: string;
  /** By step key; only steps with a problem. */
  steps?: Record<string, StepErrors>;
}

let keysMade = 0;
/** A key no other step of this page has had. */
export const newStepKey = () => `step-key-${++keysMade}`;

/** A blank model step with the first free `step-N` id, so a person can add steps without inventing ids. */
export function newStep(existing: readonly StepValues[]): StepValues {
  const taken = new Set(existing.map((step) => step.id.trim()));
  let n = existing.length + 1;
  while (taken.has(`step-${n}`)) n++;
  return {
    key: newStepKey(),
    id: `step-${n}`,
    name: '',
    type: 'model',
    prompt: '',
    model: '',
    tool: '',
    arguments: '{}',
    skill: '',
    agentId: '',
    workflowId: '',
    input: '{}',
    dependsOn: [],
    requiresConfirmation: false,
    confirmationMessage: '',
  };
}

/** The editor's steps for a stored (or proposed) definition; dependencies become keys of the steps they name. */
export function stepsFromDefinition(definition: Definition): StepValues[] {
  const steps: StepValues[] = [];
  for (const step of definition.steps) {
    const blank = newStep([]);
    const keyOf = (id: string) => steps.find((earlier) => earlier.id === id)?.key;
    steps.push({
      ...blank,
      id: step.id,
      name: step.name,
      type: step.type,
      dependsOn: step.depends_on.map(keyOf).filter((key): key is string => key !== undefined),
      requiresConfirmation: step.requires_confirmation ?? false,
      confirmationMessage: step.confirmation_message ?? '',
      ...configValues(step),
    });
  }
  return steps;
}

function configValues(step: Step): Partial<StepValues> {
  switch (step.type) {
    case 'model':
      return { prompt: step.config.prompt, model: step.config.model ?? '' };
    case 'tool':
      return { tool: step.config.tool, arguments: formatJsonObject(step.config.arguments) };
    case 'skill':
      return { skill: step.config.skill, prompt: step.config.prompt };
    case 'agent':
      return { agentId: step.config.agent_id, prompt: step.config.prompt };
    case 'workflow':
      return { workflowId: step.config.workflow_id, input: formatJsonObject(step.config.input) };
  }
}

/** The form as it opens: empty for a new workflow, the stored fields for an existing one. */
export function workflowFormValues(workflow?: Workflow): WorkflowFormValues {
  return {
    name: workflow?.name ?? '',
    description: workflow?.description ?? '',
    steps: workflow ? stepsFromDefinition(workflow.definition) : [],
  };
}

const textProblem = (value: string, max: number, missing: string): string | undefined => {
  const trimmed = value.trim();
  if (!trimmed) return missing;
  return trimmed.length > max ? `At most ${max} characters.` : undefined;
};

const jsonProblem = (text: string) => {
  const parsed = parseJsonObject(text);
  return parsed.ok ? undefined : parsed.error;
};

function configProblems(step: StepValues): StepErrors {
  const prompt = () => textProblem(step.prompt, WORKFLOW_LIMITS.prompt, 'Write the step’s prompt.');
  switch (step.type) {
    case 'model':
      return { prompt: prompt() };
    case 'tool':
      return { tool: step.tool ? undefined : 'Choose a tool.', arguments: jsonProblem(step.arguments) };
    case 'skill':
      return { skill: step.skill ? undefined : 'Choose a skill.', prompt: prompt() };
    case 'agent':
      return { agentId: step.agentId ? undefined : 'Choose an agent.', prompt: prompt() };
    case 'workflow':
      return { workflowId: step.workflowId ? undefined : 'Choose a workflow.', input: jsonProblem(step.input) };
  }
}

function stepProblems(step: StepValues, earlier: readonly StepValues[]): StepErrors {
  const id = step.id.trim();
  let idProblem = textProblem(step.id, WORKFLOW_LIMITS.stepId, 'Give the step an id.');
  if (!idProblem && !STEP_ID_PATTERN.test(id)) idProblem = 'Use letters, digits, _ and - only.';
  const twin = earlier.findIndex((other) => other.id.trim() === id);
  if (!idProblem && twin >= 0) idProblem = `Step ${twin + 1} already has this id; each step needs its own.`;

  // The editor offers only earlier steps, so this mirrors the API for a definition edited some other way.
  const earlierKeys = new Set(earlier.map((other) => other.key));
  const forward = step.dependsOn.some((key) => !earlierKeys.has(key));
  const repeated = new Set(step.dependsOn).size !== step.dependsOn.length;

  const found: StepErrors = {
    id: idProblem,
    name: textProblem(step.name, WORKFLOW_LIMITS.stepName, 'Give the step a name.'),
    ...configProblems(step),
    dependsOn: forward || repeated ? 'A step can depend only on steps above it, each once.' : undefined,
    confirmationMessage:
      step.requiresConfirmation && step.confirmationMessage.trim().length > WORKFLOW_LIMITS.confirmationMessage
        ? `At most ${WORKFLOW_LIMITS.confirmationMessage} characters.`
        : undefined,
  };
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as StepErrors;
}

/** The checks the API makes (the graph rules of src/modules/workflows/definition.ts included), before sending. */
export function validateWorkflowForm(values: WorkflowFormValues): WorkflowFormErrors {
  const errors: WorkflowFormErrors = {};
  const name = textProblem(values.name, WORKFLOW_LIMITS.name, 'Give the workflow a name.');
  if (name) errors.name = name;
  if (values.description.trim().length > WORKFLOW_LIMITS.description) {
    errors.description = `At most ${WORKFLOW_LIMITS.description} characters.`;
  }
  if (values.steps.length > WORKFLOW_LIMITS.steps) errors.stepList = `At most ${WORKFLOW_LIMITS.steps} steps.`;
  const steps: Record<string, StepErrors> = {};
  values.steps.forEach((step, index) => {
    const problems = stepProblems(step, values.steps.slice(0, index));
    if (Object.keys(problems).length > 0) steps[step.key] = problems;
  });
  if (Object.keys(steps).length > 0) errors.steps = steps;
  return errors;
}

/** How many fields are wrong: the form's summary says it, so a problem far down the page is not missed. */
export const countErrors = (errors: WorkflowFormErrors): number =>
  [errors.name, errors.description, errors.stepList].filter(Boolean).length +
  Object.values(errors.steps ?? {}).reduce((sum, step) => sum + Object.keys(step).length, 0);

/** A step's config as the API takes it (the form must be valid: JSON fields parse). */
function stepConfig(step: StepValues): Step {
  const base = { id: step.id.trim(), name: step.name.trim(), depends_on: [] as string[] };
  const object = (text: string) => {
    const parsed = parseJsonObject(text);
    if (!parsed.ok) throw new Error(`stepConfig needs a valid form: ${parsed.error}`);
    return parsed.value;
  };
  const prompt = step.prompt.trim();
  switch (step.type) {
    case 'model':
      return { ...base, type: 'model', config: { prompt, ...(step.model ? { model: step.model } : {}) } };
    case 'tool':
      return { ...base, type: 'tool', config: { tool: step.tool, arguments: object(step.arguments) } };
    case 'skill':
      return { ...base, type: 'skill', config: { skill: step.skill, prompt } };
    case 'agent':
      return { ...base, type: 'agent', config: { agent_id: step.agentId, prompt } };
    case 'workflow':
      return { ...base, type: 'workflow', config: { workflow_id: step.workflowId, input: object(step.input) } };
  }
}

/** The definition the API takes: dependencies as step ids, in step order. */
export function definitionOf(steps: readonly StepValues[]): Definition {
  return {
    steps: steps.map((step, index) => {
      const dependsOn = steps
        .slice(0, index)
        .filter((earlier) => step.dependsOn.includes(earlier.key))
        .map((earlier) => earlier.id.trim());
      const confirmation = step.requiresConfirmation
        ? { requires_confirmation: true, confirmation_message: step.confirmationMessage.trim() || null }
        : {};
      return { ...stepConfig(step), depends_on: dependsOn, ...confirmation };
    }),
  };
}

/**
 * The create or update body. Only what the form edits is sent: on an update the API keeps the stored `config`,
 * visibility and discussion agent.
 */
export const workflowBody = (values: WorkflowFormValues): WorkflowBody => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  definition: definitionOf(values.steps),
});
