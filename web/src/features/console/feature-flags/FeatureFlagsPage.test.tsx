import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../test/fixtures.tsx';
import { FeatureFlagsPage } from './FeatureFlagsPage.tsx';
import type { Flags } from './flags-api.ts';

const KNOWN = { generator_native_presentations: false, run_progress_chip: true, show_intermediary_files: false };
let fake: FakeClient;
let defaults: Flags;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['platform']);
  defaults = { run_progress_chip: true, beta_canvas: false };
  fake.on('GET', '/v1/feature-flags', ok({ flags: KNOWN }));
  fake.on('GET', '/v1/admin/feature-flags', () => ok({ flags: defaults }));
  fake.on('PUT', '/v1/admin/feature-flags', (init: CallInit) => {
    const changes = (init.body as { flags: Record<string, boolean | null> }).flags;
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) delete defaults[name];
      else defaults[name] = value;
    }
    return ok({ flags: defaults });
  });
});

const open = () => renderPage(fake, '/console/feature-flags', '/console/feature-flags', <FeatureFlagsPage />);
const select = (name: string) => screen.getByRole('combobox', { name: `Default of ${name}` });

describe('FeatureFlagsPage', () => {
  it('shows every known flag and every default set, each on, off or not set', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Each flag’s default for every organization' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['beta_canvas', 'generator_native_presentations', 'run_progress_chip', 'show_intermediary_files']);
    expect(select('beta_canvas')).toHaveDisplayValue('Off');
    expect(select('run_progress_chip')).toHaveDisplayValue('On');
    expect(select('show_intermediary_files')).toHaveDisplayValue('Not set (off)');
    // Without the organizations section the picker asks for an organization's id.
    expect(screen.getByRole('textbox', { name: 'Organization id' })).toBeInTheDocument();
  });

  it('sends exactly the flags changed: true or false to set, null to remove', async () => {
    open();
    const person = userEvent.setup();
    await screen.findByRole('table');
    await person.click(screen.getByRole('button', { name: 'Save defaults' }));
    expect(screen.getByText('Nothing to save: no flag changed.')).toBeInTheDocument();
    expect(fake.api.PUT).not.toHaveBeenCalled();

    await person.selectOptions(select('run_progress_chip'), 'Not set (off)');
    await person.selectOptions(select('show_intermediary_files'), 'On');
    // Changed, then changed back: not sent.
    await person.selectOptions(select('beta_canvas'), 'On');
    await person.selectOptions(select('beta_canvas'), 'Off');
    expect(screen.getAllByText('Unsaved')).toHaveLength(2);
    await person.click(screen.getByRole('button', { name: 'Save defaults' }));

    expect(await screen.findByText('Saved 2 flags.')).toBeInTheDocument();
    expect(fake.api.PUT).toHaveBeenCalledWith('/v1/admin/feature-flags', {
      body: { flags: { run_progress_chip: null, show_intermediary_files: true } },
    });
    expect(select('run_progress_chip')).toHaveDisplayValue('Not set (off)');
    expect(select('show_intermediary_files')).toHaveDisplayValue('On');
    expect(screen.queryByText('Unsaved')).not.toBeInTheDocument();
  });

  it('shows the API’s refusal', async () => {
    fake.on(
      'PUT',
      '/v1/admin/feature-flags',
      fail(409, 'limit_reached', 'At most 500 feature flags may be set here; remove one first'),
    );
    open();
    const person = userEvent.setup();
    await screen.findByRole('table');
    await person.selectOptions(select('show_intermediary_files'), 'On');
    await person.click(screen.getByRole('button', { name: 'Save defaults' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 500 feature flags may be set here');
    expect(select('show_intermediary_files')).toHaveDisplayValue('On');
  });
});
