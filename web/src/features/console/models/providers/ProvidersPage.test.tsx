import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../../test/fixtures.tsx';
import { PROVIDER_ID, providerRow } from '../testing.ts';
import { ProvidersPage } from './ProvidersPage.tsx';

let fake: FakeClient;
let providers: ReturnType<typeof providerRow>[];

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['ai-platform']);
  providers = [providerRow({ has_api_key: false, website: 'https://ollama.com' })];
  fake.on('GET', '/v1/admin/ai-providers', () => ok({ data: providers }));
});

const open = () => renderPage(fake, '/console/models', '/console/models', <ProvidersPage />);

describe('ProvidersPage', () => {
  it('lists the providers with whether a key is set', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'AI providers' });
    const row = within(table).getByRole('row', { name: /Local Ollama/ });
    expect(row).toHaveTextContent('ollama');
    expect(row).toHaveTextContent('https://ollama.com');
    expect(row).toHaveTextContent('No key');
    expect(within(row).getByRole('link', { name: 'Local Ollama' })).toHaveAttribute(
      'href',
      `/console/models/providers/${PROVIDER_ID}`,
    );
  });

  it('refuses what the API would, then adds the provider with exactly the typed fields and forgets the key', async () => {
    fake.on('POST', '/v1/admin/ai-providers', ({ body }) => {
      const created = providerRow({ id: 'new', name: 'Groq', slug: 'groq', has_api_key: true });
      providers = [...providers, created];
      expect(body).not.toHaveProperty('website');
      return ok(created, 201);
    });
    open();
    const person = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Add a provider' });
    const slug = within(form).getByRole('textbox', { name: 'Slug' });
    const baseUrl = within(form).getByRole('textbox', { name: 'Base URL' });
    await person.type(within(form).getByRole('textbox', { name: 'Name' }), '  Groq ');
    await person.type(slug, 'Groq Cloud');
    await person.type(baseUrl, 'ftp://groq');
    await person.click(within(form).getByRole('button', { name: 'Add provider' }));
    expect(slug).toHaveAccessibleDescription(expect.stringContaining('Only lowercase letters, digits and hyphens.'));
    expect(baseUrl).toHaveAccessibleDescription(expect.stringContaining('Give an http:// or https:// address.'));
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(slug);
    await person.type(slug, 'groq');
    await person.clear(baseUrl);
    await person.type(baseUrl, 'https://api.groq.com/openai/v1');
    const key = within(form).getByLabelText(/^API key/);
    expect(key).toHaveAttribute('type', 'password');
    await person.type(key, 'gsk_secret');
    await person.click(within(form).getByRole('button', { name: 'Add provider' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Added Groq.');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/ai-providers', {
      body: { name: 'Groq', slug: 'groq', base_url: 'https://api.groq.com/openai/v1', api_key: 'gsk_secret' },
    });
    expect(within(form).getByLabelText(/^API key/)).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('gsk_secret');
    expect(await screen.findByRole('row', { name: /Groq/ })).toHaveTextContent('Key set');
  });

  it("places the API's refusal on the field it names", async () => {
    fake.on(
      'POST',
      '/v1/admin/ai-providers',
      fail(409, 'duplicate_slug', 'An AI provider with this slug already exists'),
    );
    open();
    const person = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Add a provider' });
    await person.type(within(form).getByRole('textbox', { name: 'Name' }), 'OpenAI');
    await person.type(within(form).getByRole('textbox', { name: 'Slug' }), 'openai');
    await person.click(within(form).getByRole('button', { name: 'Add provider' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/ai-providers', { body: { name: 'OpenAI', slug: 'openai' } });
    expect(await within(form).findByText('An AI provider with this slug already exists')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Slug' })).toHaveAccessibleDescription(
      expect.stringContaining('An AI provider with this slug already exists'),
    );
  });
});
