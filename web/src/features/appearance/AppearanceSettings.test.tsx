import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../test/fake-client.ts';
import { renderPage, signIn } from '../../test/fixtures.tsx';
import { AppearanceProvider } from './AppearanceProvider.tsx';
import { AppearanceSettings } from './AppearanceSettings.tsx';
import { activePalette, pinnedVariant } from './choice.ts';

const palette = (id: string, name: string, light = true, dark = true) => ({
  id,
  name,
  light_enabled: light,
  dark_enabled: dark,
});
const appearance = (overrides: Record<string, unknown> = {}) => ({
  allowed_themes: ['cortex', 'meadow'],
  default_theme: 'meadow',
  palettes: [palette('cortex', 'Cortex'), palette('meadow', 'Meadow')],
  logo: { light_url: null, dark_url: null },
  ...overrides,
});

let fake: FakeClient;

beforeEach(() => {
  localStorage.clear();
  fake = createFakeClient();
  signIn(fake);
});
afterEach(() => {
  document.getElementById('atrium-palette')?.remove();
  delete document.documentElement.dataset.palette;
  delete document.documentElement.dataset.theme;
});

const open = () =>
  renderPage(
    fake,
    '/profile',
    '/profile',
    <AppearanceProvider>
      <AppearanceSettings />
    </AppearanceProvider>,
  );
const stylesheet = () => document.getElementById('atrium-palette')?.getAttribute('href');

describe('the palette and mode in use', () => {
  it('takes the member’s choice while allowed, else the default, else the first', () => {
    const a = appearance();
    expect(activePalette(a as never, 'cortex')?.id).toBe('cortex');
    expect(activePalette(a as never, 'custom-gone')?.id).toBe('meadow');
    expect(activePalette({ ...a, default_theme: null } as never, null)?.id).toBe('cortex');
  });

  it('pins the only variant a palette has, else the member’s mode', () => {
    expect(pinnedVariant(palette('x', 'X', true, false), 'dark')).toBe('light');
    expect(pinnedVariant(palette('x', 'X', false, true), 'system')).toBe('dark');
    expect(pinnedVariant(palette('x', 'X'), 'system')).toBeNull();
    expect(pinnedVariant(palette('x', 'X'), 'dark')).toBe('dark');
  });
});

describe('AppearanceSettings', () => {
  it('applies the organization’s default palette, and the member’s theme and mode, kept in this browser', async () => {
    fake.on('GET', '/v1/organization/appearance', ok({ appearance: appearance() }));
    const view = open();
    await waitFor(() => expect(stylesheet()).toBe('/v1/public/themes/meadow/styles.css'));
    expect(document.documentElement.dataset.palette).toBe('meadow');
    expect(document.documentElement.dataset.theme).toBeUndefined();

    const person = userEvent.setup();
    await person.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'cortex');
    await person.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(stylesheet()).toBe('/v1/public/themes/cortex/styles.css');
    expect(document.documentElement.dataset.theme).toBe('dark');

    // Another visit in this browser starts from the same choices.
    view.unmount();
    open();
    expect(await screen.findByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('cortex');
    expect(stylesheet()).toBe('/v1/public/themes/cortex/styles.css');
    await person.click(screen.getByRole('radio', { name: 'Like my device' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('offers no light/dark choice for a palette with one look, and pins that look', async () => {
    fake.on(
      'GET',
      '/v1/organization/appearance',
      ok({
        appearance: appearance({
          allowed_themes: ['custom-1'],
          default_theme: 'custom-1',
          palettes: [palette('custom-1', 'Daylight', true, false)],
        }),
      }),
    );
    open();
    expect(await screen.findByText('Daylight has only a light look.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Theme' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
