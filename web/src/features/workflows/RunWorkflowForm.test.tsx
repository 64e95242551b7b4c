import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeClient, ok } from '../../test/fake-client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RunWorkflowForm } from './RunWorkflowForm.tsx';

const ID = '0190a000-0000-7000-8000-0000000000w1';
const THREAD = '0190a000-0000-7000-8000-0000000000t1';

describe('RunWorkflowForm', () => {
  it('takes a JSON object as the input, starts the run and opens its thread', async () => {
    const fake = createFakeClient();
    fake.on('POST', '/v1/workflows/{id}/run', ok({ run: { id: 'run' }, thread: { id: THREAD }, message: {} }, 201));
    renderRoutes(
      fake,
      [
        { path: '/run', element: <RunWorkflowForm workflowId={ID} /> },
        { path: '/threads/:threadId', element: <p>The run's thread</p> },
      ],
      '/run',
    );
    const person = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Input' });
    expect(input).toHaveValue('{}');

    await person.clear(input);
    await person.type(input, '[["otters"]'); // `[[` types one `[`
    await person.click(screen.getByRole('button', { name: 'Run workflow' }));
    expect(input).toHaveAccessibleDescription(
      'A JSON object; the steps read its keys as {{input.<key>}}. Write a JSON object in braces, such as {"topic": "otters"}, not a list or a value.',
    );
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(input);
    await person.type(input, '{{"topic": "sea otters"}');
    await person.click(screen.getByRole('button', { name: 'Run workflow' }));
    expect(await screen.findByText("The run's thread")).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/workflows/{id}/run', {
      params: { path: { id: ID } },
      body: { input: { topic: 'sea otters' } },
    });
  });
});
