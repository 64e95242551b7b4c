import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import { TriggersSection } from './TriggersSection.tsx';

const ID = '0190a000-0000-7000-8000-0000000000w1';
const trigger = {
  id: '0190a000-0000-7000-8000-0000000000r1',
  type: 'cron',
  schedule: '0 8 * * 1',
  payload: {},
  enabled: true,
  nextFireAt: null,
  last_fired_at: null,
};

describe('TriggersSection of a workflow', () => {
  it("speaks of the workflow and uses the workflow's trigger routes", async () => {
    const fake = createFakeClient();
    let stored: unknown[] = [];
    const created: CallInit[] = [];
    fake.on('GET', '/v1/workflows/{id}/triggers', () => ok({ data: stored, has_more: false, next_cursor: null }));
    fake.on('POST', '/v1/workflows/{id}/triggers', (init) => {
      created.push(init);
      stored = [trigger];
      return ok(trigger, 201);
    });
    fake.on('GET', '/v1/organization', ok({ primary_timezone: 'UTC' }));
    renderWithClient(fake, <TriggersSection owner={{ kind: 'workflows', id: ID }} />);

    const section = screen.getByRole('region', { name: 'Triggers' });
    await within(section).findByText('Nothing starts this workflow by itself yet.');
    const person = userEvent.setup();
    await person.click(within(section).getByRole('button', { name: 'New trigger' }));
    await person.type(within(section).getByRole('textbox', { name: 'Cron expression' }), '0 8 * * 1');
    await person.click(within(section).getByRole('button', { name: 'Add trigger' }));

    const list = await within(section).findByRole('list', { name: 'Triggers of this workflow' });
    expect(within(list).getByText('0 8 * * 1')).toBeInTheDocument();
    expect(created).toEqual([
      {
        params: { path: { id: ID } },
        body: { type: 'cron', schedule: '0 8 * * 1', payload: {}, enabled: true },
      },
    ]);
    expect(section.textContent).not.toMatch(/agent/i);
  });
});
