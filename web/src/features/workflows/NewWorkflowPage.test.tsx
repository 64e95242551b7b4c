import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../test/fake-client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NewWorkflowPage } from './NewWorkflowPage.tsx';

const MODEL_ID = '0190a000-0000-7000-8000-0000000000m1';
const created = { id: '0190a000-0000-7000-8000-0000000000w1', name: 'Otter digest' };

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/v1/models', ok({ data: [{ id: MODEL_ID, displayName: 'Swift', providerName: 'Offline' }] }));
  renderRoutes(
    fake,
    [
      { path: '/agents/workflows/new', element: <NewWorkflowPage /> },
      { path: '/agents/workflows/:id', element: <p>The new workflow</p> },
    ],
    '/agents/workflows/new',
  );
});

const stepGroup = (name: string) => screen.getByRole('group', { name });

describe('NewWorkflowPage', () => {
  it('says what is missing before sending anything, and goes to the first problem', async () => {
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Add step' }));
    await person.click(screen.getByRole('button', { name: 'Create workflow' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Fix the 3 problems marked above.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Give the workflow a name.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    const step = stepGroup('Step 1');
    expect(within(step).getByRole('textbox', { name: 'Step name' })).toHaveAccessibleDescription(
      'Give the step a name.',
    );
    expect(within(step).getByRole('textbox', { name: 'Prompt' })).toHaveAccessibleDescription(
      'Use {{input.<key>}} for the run’s input and {{steps.<id>.output}} for an earlier step’s result. Write the step’s prompt.',
    );
    expect(fake.api.POST).not.toHaveBeenCalled();
  });

  it('sends exactly the body the API takes: two steps, the second depending on the first', async () => {
    fake.on('POST', '/v1/workflows', ok(created, 201));
    const person = userEvent.setup();
    await person.type(screen.getByRole('textbox', { name: 'Name' }), ' Otter digest ');
    await person.type(screen.getByRole('textbox', { name: 'Description' }), 'Facts, then a summary.');

    await person.click(screen.getByRole('button', { name: 'Add step' }));
    const first = stepGroup('Step 1');
    // A new step gets a free id and has focus, ready to be renamed.
    expect(within(first).getByRole('textbox', { name: 'Step id' })).toHaveValue('step-1');
    expect(within(first).getByRole('textbox', { name: 'Step id' })).toHaveFocus();
    await person.clear(within(first).getByRole('textbox', { name: 'Step id' }));
    await person.type(within(first).getByRole('textbox', { name: 'Step id' }), 'research');
    await person.type(within(first).getByRole('textbox', { name: 'Step name' }), 'Research');
    await person.type(within(first).getByRole('textbox', { name: 'Prompt' }), 'Facts about {{{{input.topic}}');
    await person.selectOptions(await within(first).findByRole('combobox', { name: 'Model' }), 'Swift (Offline)');
    // The first step has nothing above it to depend on.
    expect(within(first).queryAllByRole('checkbox')).toEqual([
      within(first).getByRole('checkbox', { name: 'Requires confirmation' }),
    ]);

    await person.click(screen.getByRole('button', { name: 'Add step' }));
    const second = stepGroup('Step 2');
    await person.type(within(second).getByRole('textbox', { name: 'Step name' }), 'Save notes');
    await person.selectOptions(within(second).getByRole('combobox', { name: 'Type' }), 'tool');
    await person.selectOptions(within(second).getByRole('combobox', { name: 'Tool' }), 'Create files');
    const args = within(second).getByRole('textbox', { name: 'Arguments' });
    await person.clear(args);
    await person.type(args, '{{"filename": "notes.md"}');
    const dependsOn = within(second).getByRole('group', { name: 'Depends on' });
    await person.click(within(dependsOn).getByRole('checkbox', { name: 'Research' }));
    await person.click(within(second).getByRole('checkbox', { name: 'Requires confirmation' }));
    await person.type(within(second).getByRole('textbox', { name: 'Confirmation message' }), 'Save the notes?');
    expect(stepGroup('Step 2: Save notes')).toBe(second);

    await person.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(await screen.findByText('The new workflow')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/workflows', {
      body: {
        name: 'Otter digest',
        description: 'Facts, then a summary.',
        definition: {
          steps: [
            {
              id: 'research',
              name: 'Research',
              depends_on: [],
              type: 'model',
              config: { prompt: 'Facts about {{input.topic}}', model: MODEL_ID },
            },
            {
              id: 'step-2',
              name: 'Save notes',
              depends_on: ['research'],
              type: 'tool',
              config: { tool: 'create_file', arguments: { filename: 'notes.md' } },
              requires_confirmation: true,
              confirmation_message: 'Save the notes?',
            },
          ],
        },
      },
    });
  });

  it("shows the server's refusal", async () => {
    fake.on('POST', '/v1/workflows', fail(400, 'invalid_request', 'Invalid definition: unknown tool'));
    const person = userEvent.setup();
    await person.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await person.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid definition: unknown tool');
    // A workflow without steps is a draft the API accepts.
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/workflows', {
      body: { name: 'Draft', description: null, definition: { steps: [] } },
    });
  });
});
