import { describe, expect, it } from 'vitest';
import {
  definitionOf,
  newStep,
  type StepValues,
  stepsFromDefinition,
  validateWorkflowForm,
  type WorkflowFormValues,
  workflowBody,
} from './workflow-form.ts';
import type { Definition } from './workflows-api.ts';

const AGENT_ID = '0190a000-0000-7000-8000-0000000000a1';
const WORKFLOW_ID = '0190a000-0000-7000-8000-0000000000w1';

const step = (id: string, fields: Partial<StepValues> = {}): StepValues => ({
  ...newStep([]),
  id,
  name: id.toUpperCase(),
  prompt: `Do ${id}`,
  ...fields,
});
const form = (...steps: StepValues[]): WorkflowFormValues => ({ name: 'Digest', description: '', steps });

describe('validating the workflow form', () => {
  it('accepts a valid form', () => {
    const a = step('a');
    expect(validateWorkflowForm(form(a, step('b', { dependsOn: [a.key] })))).toEqual({});
  });

  it('requires a name and bounds the description', () => {
    expect(validateWorkflowForm({ name: '  ', description: 'd'.repeat(5001), steps: [] })).toEqual({
      name: 'Give the workflow a name.',
      description: 'At most 5000 characters.',
    });
  });

  it('refuses a duplicate step id on the later step, and ids the API refuses', () => {
    const a = step('a');
    const twin = step('a');
    const spaced = step('two words');
    expect(validateWorkflowForm(form(a, twin, spaced)).steps).toEqual({
      [twin.key]: { id: 'Step 1 already has this id; each step needs its own.' },
      [spaced.key]: { id: 'Use letters, digits, _ and - only.' },
    });
  });

  it('refuses an empty prompt and an empty step name', () => {
    const empty = step('a', { prompt: '  \n', name: '' });
    expect(validateWorkflowForm(form(empty)).steps).toEqual({
      [empty.key]: { name: 'Give the step a name.', prompt: 'Write the step’s prompt.' },
    });
  });

  it('refuses tool arguments that are not a JSON object, and a tool step without a tool', () => {
    const broken = step('a', { type: 'tool', tool: 'create_file', arguments: '{"filename": ' });
    const list = step('b', { type: 'tool', tool: 'create_file', arguments: '["notes.md"]' });
    const noTool = step('c', { type: 'tool', tool: '', arguments: '{}' });
    expect(validateWorkflowForm(form(broken, list, noTool)).steps).toEqual({
      [broken.key]: { arguments: 'This is not valid JSON. Write an object, such as {"topic": "otters"}.' },
      [list.key]: {
        arguments: 'Write a JSON object in braces, such as {"topic": "otters"}, not a list or a value.',
      },
      [noTool.key]: { tool: 'Choose a tool.' },
    });
  });

  it('lets a step depend only on steps above it (never itself, a later step or one twice)', () => {
    const a = step('a');
    const b = step('b');
    const c = step('c');
    const forward = { ...a, dependsOn: [c.key] };
    const self = { ...b, dependsOn: [b.key] };
    const twice = { ...c, dependsOn: [a.key, a.key] };
    const problem = { dependsOn: 'A step can depend only on steps above it, each once.' };
    expect(validateWorkflowForm(form(forward, self, twice)).steps).toEqual({
      [a.key]: problem,
      [b.key]: problem,
      [c.key]: problem,
    });
  });

  it('counts the steps against the API limit', () => {
    const steps = Array.from({ length: 51 }, (_, i) => step(`s${i}`));
    expect(validateWorkflowForm(form(...steps)).stepList).toBe('At most 50 steps.');
  });
});

describe('form values and the API body', () => {
  const definition: Definition = {
    steps: [
      { id: 'research', name: 'Research', depends_on: [], type: 'model', config: { prompt: 'Find {{input.topic}}' } },
      {
        id: 'note',
        name: 'Note',
        depends_on: ['research'],
        type: 'tool',
        config: { tool: 'create_file', arguments: { filename: 'notes.md', content: '{{steps.research.output}}' } },
      },
      { id: 'voice', name: 'Voice', depends_on: [], type: 'skill', config: { skill: 'brand-voice', prompt: 'Polish' } },
      {
        id: 'review',
        name: 'Review',
        depends_on: ['voice', 'research'],
        type: 'agent',
        config: { agent_id: AGENT_ID, prompt: 'Review it' },
        requires_confirmation: true,
        confirmation_message: 'Send it for review?',
      },
      {
        id: 'publish',
        name: 'Publish',
        depends_on: ['review'],
        type: 'workflow',
        config: { workflow_id: WORKFLOW_ID, input: { draft: '{{steps.review.output}}' } },
      },
    ],
  };

  it('loads every step type and writes it back unchanged, dependencies in step order', () => {
    const steps = stepsFromDefinition(definition);
    expect(validateWorkflowForm(form(...steps))).toEqual({});
    expect(definitionOf(steps)).toEqual({
      steps: definition.steps.map((s) => (s.id === 'review' ? { ...s, depends_on: ['research', 'voice'] } : s)),
    });
  });

  it('sends dependencies by the ids the steps have now, and trims what the API trims', () => {
    const [research, note] = stepsFromDefinition(definition);
    const renamed = { ...research!, id: ' gather ', name: ' Gather ', model: 'model-version-1' };
    expect(workflowBody({ name: ' Digest ', description: ' ', steps: [renamed, note!] })).toEqual({
      name: 'Digest',
      description: null,
      definition: {
        steps: [
          {
            id: 'gather',
            name: 'Gather',
            depends_on: [],
            type: 'model',
            config: { prompt: 'Find {{input.topic}}', model: 'model-version-1' },
          },
          { ...definition.steps[1], depends_on: ['gather'] },
        ],
      },
    });
  });
});
