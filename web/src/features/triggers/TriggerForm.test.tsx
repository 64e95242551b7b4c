import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import { TriggerForm } from './TriggerForm.tsx';

let fake: FakeClient;
const onSubmit = vi.fn();

beforeEach(() => {
  fake = createFakeClient();
  onSubmit.mockReset();
});

const renderForm = (initial?: { schedule: string; payload: Record<string, unknown>; enabled: boolean }) =>
  renderWithClient(
    fake,
    <TriggerForm
      type={initial ? 'cron' : undefined}
      initial={initial}
      submitLabel="Save"
      pending={false}
      error={null}
      onSubmit={onSubmit}
    />,
  );

describe('TriggerForm', () => {
  it("previews a cron expression's next five times in the organization's time zone", async () => {
    fake.on('GET', '/v1/organization', ok({ primary_timezone: 'Asia/Kolkata' }));
    renderForm();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Cron expression' }), '0 9 * * *');
    const times = await screen.findByRole('list', { name: 'Next fire times' });
    expect(within(times).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Next times, in the organization’s time zone (Asia/Kolkata):')).toBeInTheDocument();
    for (const time of within(times).getAllByRole('listitem')) {
      expect(new Date(time.querySelector('time')!.dateTime).toISOString()).toMatch(/T03:30:00\.000Z$/);
    }
  });

  it('says the time zone is the organization’s when the person may not read it', async () => {
    fake.on('GET', '/v1/organization', fail(403, 'forbidden', 'This requires the organization admin role'));
    renderForm();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Cron expression' }), '0 9 * * *');
    expect(
      await screen.findByText('Times follow the organization’s time zone; the next one shows once saved.'),
    ).toBeInTheDocument();
  });

  it('edits the prompt and keeps the payload keys it does not show', async () => {
    fake.on('GET', '/v1/organization', ok({ primary_timezone: 'UTC' }));
    renderForm({ schedule: '0 9 * * *', payload: { prompt: 'Old', channel: 'ops' }, enabled: true });
    const person = userEvent.setup();
    await person.clear(screen.getByRole('textbox', { name: 'Prompt' }));
    await person.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('cron', {
      schedule: '0 9 * * *',
      payload: { channel: 'ops' },
      enabled: false,
    });
  });
});
