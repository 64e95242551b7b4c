import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, ok } from '../../test/fake-client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { WorkflowPage } from './WorkflowPage.tsx';
import type { Definition, Workflow } from './workflows-api.ts';

const ID = '0190a000-0000-7000-8000-0000000000w1';
const stored: Definition = {
  steps: [{ id: 'draft', name: 'Draft', depends_on: [], type: 'model', config: { prompt: 'Draft it' } }],
};
const workflow = { id: ID, name: 'Newsletter', description: null, definition: stored } as unknown as Workflow;
const proposal: Definition = {
  steps: [
    stored.steps[0]!,
    {
      id: 'review',
      name: 'Review',
      depends_on: ['draft'],
      type: 'model',
      config: { prompt: 'Review {{steps.draft.output}}' },
      requires_confirmation: true,
      confirmation_message: null,
    },
  ],
};

let fake: FakeClient;
const refineCalls: CallInit[] = [];

beforeEach(() => {
  refineCalls.length = 0;
  fake = createFakeClient();
  fake.on('GET', '/v1/workflows/{id}', ok(workflow));
  fake.on('GET', '/v1/workflows/{id}/triggers', ok({ data: [], has_more: false, next_cursor: null }));
  fake.on('GET', '/v1/models', ok({ data: [] }));
  fake.on('POST', '/v1/workflows/{id}/refine', (init) => {
    refineCalls.push(init);
    return refineCalls.length === 1
      ? ok({ text: 'I added a review step after the draft.', proposedDefinition: proposal })
      : ok({ text: 'That would make a cycle, so no proposal.', proposedDefinition: null });
  });
  fake.on('PATCH', '/v1/workflows/{id}', ok(workflow));
  renderRoutes(fake, [{ path: '/agents/workflows/:workflowId', element: <WorkflowPage /> }], `/agents/workflows/${ID}`);
});

describe('RefineAssistant on a workflow page', () => {
  it('shows the proposal as steps, applies it to the editor unsaved, and Save changes sends it', async () => {
    const person = userEvent.setup();
    const assistant = await screen.findByRole('region', { name: 'Assistant' });
    await person.type(within(assistant).getByRole('textbox', { name: 'Ask the assistant' }), 'Add a review step');
    await person.click(within(assistant).getByRole('button', { name: 'Send' }));

    const conversation = await within(assistant).findByRole('list', { name: 'Conversation with the assistant' });
    expect(
      within(conversation)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['YouAdd a review step', 'AssistantI added a review step after the draft.']);
    const proposed = within(assistant).getByRole('list', { name: 'Proposed steps' });
    expect(
      within(proposed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Draft (Model, id draft)Draft it',
      'Review (Model, id review)Review {{steps.draft.output}}After DraftAsks for confirmation first',
    ]);
    expect(within(assistant).getByRole('textbox', { name: 'Ask the assistant' })).toHaveValue('');
    // Nothing is applied or saved yet.
    expect(screen.queryByRole('group', { name: 'Step 2: Review' })).toBeNull();

    await person.click(within(assistant).getByRole('button', { name: 'Apply proposal' }));
    expect(within(assistant).getByText(/^Applied to the steps above/)).toHaveTextContent(
      'Applied to the steps above. Review them, then Save changes to keep them.',
    );
    expect(within(assistant).getByText(/^Applied to the steps above/)).toHaveAttribute('role', 'status');
    const review = screen.getByRole('group', { name: 'Step 2: Review' });
    expect(within(review).getByRole('checkbox', { name: 'Draft' })).toBeChecked();
    expect(within(review).getByRole('checkbox', { name: 'Requires confirmation' })).toBeChecked();
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/workflows/{id}', {
      params: { path: { id: ID } },
      body: { name: 'Newsletter', description: null, definition: proposal },
    });
  });

  it('sends the whole conversation each time, and a reply without a proposal offers none', async () => {
    const person = userEvent.setup();
    const assistant = await screen.findByRole('region', { name: 'Assistant' });
    const box = within(assistant).getByRole('textbox', { name: 'Ask the assistant' });
    await person.type(box, 'Add a review step');
    await person.click(within(assistant).getByRole('button', { name: 'Send' }));
    await within(assistant).findByRole('list', { name: 'Proposed steps' });
    await person.type(box, 'Make the draft depend on the review');
    await person.click(within(assistant).getByRole('button', { name: 'Send' }));

    await within(assistant).findByText('That would make a cycle, so no proposal.');
    expect(refineCalls[1]).toEqual({
      params: { path: { id: ID } },
      body: {
        messages: [
          { role: 'user', content: 'Add a review step' },
          { role: 'assistant', content: 'I added a review step after the draft.' },
          { role: 'user', content: 'Make the draft depend on the review' },
        ],
      },
    });
    expect(within(assistant).queryByRole('button', { name: 'Apply proposal' })).toBeNull();
  });

  it('asks for a message before sending', async () => {
    const person = userEvent.setup();
    const assistant = await screen.findByRole('region', { name: 'Assistant' });
    await person.click(within(assistant).getByRole('button', { name: 'Send' }));
    expect(within(assistant).getByRole('textbox', { name: 'Ask the assistant' })).toHaveAccessibleDescription(
      'Write what to change.',
    );
    expect(refineCalls).toEqual([]);
  });
});
