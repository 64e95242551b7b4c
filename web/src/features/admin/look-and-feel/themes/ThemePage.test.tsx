import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { renderPage, signIn } from '../../../../test/fixtures.tsx';
import { ThemePage } from './ThemePage.tsx';

const THEME_ID = '0190a000-0000-7000-8000-0000000000f1';
const light = {
  '--color-background': '#ffffff',
  '--color-surface': '#ffffff',
  '--color-text': '#111111',
  '--color-text-muted': '#aaaaaa',
  '--color-primary': '#1f6feb',
  '--color-on-primary': '#ffffff',
};
const theme = {
  id: THEME_ID,
  palette_id: `custom-${THEME_ID}`,
  name: 'Harbour',
  surface: 'glass',
  light_enabled: true,
  dark_enabled: false,
  light_tokens: light,
  dark_tokens: {},
  background_light_asset_id: null,
  background_dark_asset_id: null,
  brand_inputs: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};
const mutedIssue = {
  foreground: '--color-text-muted',
  background: '--color-surface',
  ratio: 2.32,
  minimum: 4.5,
  fix: { '--color-text-muted': '#595959' },
};

type DeriveBody = { light_tokens: Record<string, string>; changed: { variant: string; token: string } };
let fake: FakeClient;
let derived: DeriveBody[];

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  derived = [];
  fake.on('GET', '/v1/organization/themes/{themeId}', ok({ theme }));
  fake.on('GET', '/v1/organization/branding', ok({ branding: null }));
  fake.on('POST', '/v1/organization/themes/derive', (init: CallInit) => {
    const body = init.body as DeriveBody;
    derived.push(body);
    const dependents = body.changed.token === '--color-primary' ? { '--color-on-primary': '#000000' } : {};
    const unfixed = body.light_tokens['--color-text-muted'] === '#aaaaaa';
    return ok({ light_tokens: dependents, dark_tokens: {}, issues: { light: unfixed ? [mutedIssue] : [], dark: [] } });
  });
});

const open = () =>
  renderPage(fake, '/admin/look-and-feel/themes/:themeId', `/admin/look-and-feel/themes/${THEME_ID}`, <ThemePage />);

describe('the theme composer', () => {
  it('re-derives after a swatch edit and applies the dependents it answers', async () => {
    open();
    const person = userEvent.setup();
    const primary = await screen.findByRole('textbox', { name: 'Primary' });
    await waitFor(() => expect(derived).toHaveLength(1));
    expect(derived[0]!.changed).toEqual({ variant: 'light', token: '--color-success' });
    await person.clear(primary);
    await person.type(primary, '#ffd700');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text on primary' })).toHaveValue('#000000'));
    // Typing pauses the derivation: only the finished colour is sent, once.
    expect(derived.slice(1)).toEqual([
      expect.objectContaining({
        changed: { variant: 'light', token: '--color-primary' },
        light_tokens: expect.objectContaining({ '--color-primary': '#ffd700' }),
      }),
    ]);
    const preview = screen.getByTestId('theme-preview');
    expect(preview.style.getPropertyValue('--color-primary')).toBe('#ffd700');
    expect(preview.style.getPropertyValue('--color-on-primary')).toBe('#000000');
    expect(fake.api.PATCH).not.toHaveBeenCalled();
  });

  it('lists readability issues, applies a Fix map and saves the variant whole', async () => {
    fake.on('PATCH', '/v1/organization/themes/{themeId}', (init) =>
      ok({ theme: { ...theme, ...(init.body as object) } }),
    );
    open();
    const person = userEvent.setup();
    const issues = await screen.findByRole('list', { name: 'Readability issues of the light variant' });
    expect(issues).toHaveTextContent('Muted text on Panels: 2.32:1, needs 4.5:1. Fix sets Muted text to #595959.');
    await person.click(within(issues).getByRole('button', { name: 'Fix Muted text on Panels (light)' }));
    expect(screen.getByRole('textbox', { name: 'Muted text' })).toHaveValue('#595959');
    expect(await screen.findByText('Light variant: every pair reads well.')).toBeInTheDocument();
    expect(derived.at(-1)!.changed).toEqual({ variant: 'light', token: '--color-text-muted' });

    await person.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization/themes/{themeId}', {
      params: { path: { themeId: THEME_ID } },
      body: { light_tokens: { ...light, '--color-text-muted': '#595959' } },
    });
  });

  it('loads suggested colours into the editor without saving them', async () => {
    const suggestion = {
      light_tokens: { ...light, '--color-primary': '#0b5cad', '--color-accent': '#c2410c' },
      dark_tokens: { '--color-background': '#0d1117', '--color-primary': '#58a6ff' },
    };
    fake.on('POST', '/v1/organization/themes/suggest-colors', ok(suggestion));
    open();
    const person = userEvent.setup();
    const suggest = await screen.findByRole('region', { name: 'Suggest colours' });
    await person.click(within(suggest).getByRole('button', { name: 'Suggest colours' }));
    expect(within(suggest).getByRole('textbox', { name: 'Brief' })).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.POST).not.toHaveBeenCalledWith('/v1/organization/themes/suggest-colors', expect.anything());

    await person.type(within(suggest).getByRole('textbox', { name: 'Colours' }), '#0B5CAD, #c2410c');
    await person.click(within(suggest).getByRole('button', { name: 'Suggest colours' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Primary' })).toHaveValue('#0b5cad'));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/themes/suggest-colors', {
      body: { surface: 'glass', colors: ['#0B5CAD', '#c2410c'], scope: 'full' },
    });
    expect(screen.getByRole('textbox', { name: 'Accent' })).toHaveValue('#c2410c');
    await person.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('textbox', { name: 'Primary' })).toHaveValue('#58a6ff');
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
    expect(fake.api.PATCH).not.toHaveBeenCalled();
  });
});
