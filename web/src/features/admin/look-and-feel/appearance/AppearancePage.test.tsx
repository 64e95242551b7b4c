import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { renderPage, signIn } from '../../../../test/fixtures.tsx';
import { AppearancePage } from './AppearancePage.tsx';

const THEME_ID = '0190a000-0000-7000-8000-0000000000f1';
const CUSTOM = `custom-${THEME_ID}`;

const NAMES: Record<string, string> = { cortex: 'Cortex', meadow: 'Meadow', [CUSTOM]: 'Harbour' };
const view = (allowed: string[], defaultTheme: string | null) => ({
  allowed_themes: allowed,
  default_theme: defaultTheme,
  palettes: allowed.map((id) => ({ id, name: NAMES[id], light_enabled: true, dark_enabled: true })),
  logo: { light_url: null, dark_url: null },
});

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/appearance', ok({ appearance: view(['cortex', 'meadow'], 'meadow') }));
  fake.on('GET', '/v1/organization/themes', ok({ themes: [{ id: THEME_ID, palette_id: CUSTOM, name: 'Harbour' }] }));
});

const open = () =>
  renderPage(fake, '/admin/look-and-feel/appearance', '/admin/look-and-feel/appearance', <AppearancePage />);

describe('AppearancePage', () => {
  it('keeps the default among the allowed palettes, then saves both', async () => {
    fake.on('PUT', '/v1/organization/appearance', (init) => {
      const body = init.body as { allowed_themes: string[]; default_theme: string | null };
      return ok({ appearance: view(body.allowed_themes, body.default_theme) });
    });
    open();
    const person = userEvent.setup();
    const meadow = await screen.findByRole('checkbox', { name: 'Meadow (built-in)' });
    expect(meadow).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Harbour' })).not.toBeChecked();
    await person.click(meadow);
    await person.click(screen.getByRole('button', { name: 'Save appearance' }));
    const picker = screen.getByRole('combobox', { name: 'Default palette' });
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('The default must be one of the allowed palettes: allow it, or choose another.'),
    ).toBeVisible();
    expect(fake.api.PUT).not.toHaveBeenCalled();

    await person.click(screen.getByRole('checkbox', { name: 'Harbour' }));
    await person.selectOptions(picker, 'Harbour');
    await person.click(screen.getByRole('button', { name: 'Save appearance' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PUT).toHaveBeenCalledWith('/v1/organization/appearance', {
      body: { allowed_themes: ['cortex', CUSTOM], default_theme: CUSTOM },
    });
  });

  it('allows at least one palette', async () => {
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('checkbox', { name: 'Cortex (built-in)' }));
    await person.click(screen.getByRole('checkbox', { name: 'Meadow (built-in)' }));
    await person.selectOptions(screen.getByRole('combobox', { name: 'Default palette' }), 'None');
    await person.click(screen.getByRole('button', { name: 'Save appearance' }));
    expect(screen.getByText('Allow at least one palette.')).toBeVisible();
    expect(fake.api.PUT).not.toHaveBeenCalled();
  });
});
