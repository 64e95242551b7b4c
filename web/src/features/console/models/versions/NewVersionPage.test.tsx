import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { renderPage, signInOperator } from '../../../../test/fixtures.tsx';
import { renderRoutes } from '../../../../test/render.tsx';
import { RequireSession } from '../../../auth/index.ts';
import { FAMILY_ID, familyRow, VERSION_ID, versionRow } from '../testing.ts';
import { NewVersionPage } from './NewVersionPage.tsx';
import { VersionPage } from './VersionPage.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['ai-platform']);
  fake.on('GET', '/v1/admin/ai-model-families/{id}', ok(familyRow()));
  fake.on('GET', '/v1/admin/ai-model-versions/{id}', ok(versionRow()));
});

/** The new-version page, and the family's page it goes back to once the version is added. */
const openNew = () =>
  renderRoutes(
    fake,
    [
      {
        path: '/console/models/families/:familyId/versions/new',
        element: (
          <RequireSession>
            <NewVersionPage />
          </RequireSession>
        ),
      },
      { path: '/console/models/families/:familyId', element: <h1>Family page</h1> },
    ],
    `/console/models/families/${FAMILY_ID}/versions/new`,
  );

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('NewVersionPage', () => {
  it('refuses what the API would refuse, then sends every field as the API names it', async () => {
    fake.on('POST', '/v1/admin/ai-model-versions', ok(versionRow(), 201));
    openNew();
    const person = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'New version of Llama' });
    const input = field('Input, cents per 1M tokens');
    const output = field('Output, cents per 1M tokens');
    const context = field('Context window (tokens)');
    await person.type(input, '12.5');
    await person.type(output, '-3');
    await person.type(context, '3000000000');
    await person.clear(field('Capabilities (JSON object)'));
    await person.type(field('Capabilities (JSON object)'), '[[1]]');
    await person.click(screen.getByRole('button', { name: 'Add version' }));
    expect(field('Model id')).toHaveAccessibleDescription(expect.stringContaining('Give the vendor model id.'));
    expect(field('Version')).toHaveAccessibleDescription(expect.stringContaining('Give the version.'));
    const whole = 'A whole number from 0 to 2147483647, or empty for none.';
    expect(input).toHaveAccessibleDescription(whole);
    expect(output).toHaveAccessibleDescription(whole);
    expect(context).toHaveAccessibleDescription(whole);
    expect(field('Capabilities (JSON object)')).toHaveAccessibleDescription(expect.stringContaining('JSON object'));
    expect(field('Display name')).not.toHaveAccessibleDescription(expect.stringContaining('Give'));
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(field('Model id'), ' gpt-4o-mini ');
    await person.type(field('Version'), '2024-07-18');
    await person.clear(input);
    await person.type(input, '15');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('$0.15'));
    await person.clear(output);
    await person.type(output, '60');
    await person.clear(context);
    await person.type(context, '128000');
    await person.clear(field('Capabilities (JSON object)'));
    await person.type(field('Capabilities (JSON object)'), '{{"vision": true}');
    const inputs = screen.getByRole('group', { name: 'Input modalities' });
    await person.click(within(inputs).getByRole('checkbox', { name: 'image' }));
    await person.click(screen.getByRole('checkbox', { name: 'Tool use' }));
    await person.click(screen.getByRole('checkbox', { name: /^Active/ }));
    await person.click(screen.getByRole('button', { name: 'Add version' }));

    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/ai-model-versions', {
      body: {
        family_id: FAMILY_ID,
        model_id: 'gpt-4o-mini',
        version: '2024-07-18',
        input_modalities: ['text', 'image'],
        output_modalities: ['text'],
        supports_tool_use: true,
        supports_streaming: false,
        supports_structured_output: false,
        supports_thinking: false,
        capabilities: { vision: true },
        context_window: 128000,
        max_output_tokens: null,
        input_cost_per1m: 15,
        output_cost_per1m: 60,
        cached_input_cost_per1m: null,
        cache_creation_cost_per1m: null,
        audio_cost_per1k_minutes: null,
        is_active: false,
        released_at: null,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Family page' })).toBeInTheDocument();
  });

  it("places the API's conflict on the version field", async () => {
    fake.on(
      'POST',
      '/v1/admin/ai-model-versions',
      fail(409, 'duplicate_version', 'This model family already has this version'),
    );
    openNew();
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Model id' }), 'm');
    await person.type(field('Version'), 'v1');
    await person.click(screen.getByRole('button', { name: 'Add version' }));
    expect(await screen.findByText('This model family already has this version')).toBeInTheDocument();
    expect(field('Version')).toHaveAccessibleDescription(expect.stringContaining('already has this version'));
  });
});

describe('VersionPage', () => {
  it('sends only the changed fields, an emptied price as null, and refuses a blank display name', async () => {
    fake.on('PATCH', '/v1/admin/ai-model-versions/{id}', ({ body }) =>
      ok(versionRow({ ...(body as object), updatedAt: 'x' })),
    );
    renderPage(fake, '/console/models/versions/:versionId', `/console/models/versions/${VERSION_ID}`, <VersionPage />);
    const person = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Display name' });
    await person.clear(name);
    await person.clear(field('Output, cents per 1M tokens'));
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription('Give the display name.');
    expect(fake.api.PATCH).not.toHaveBeenCalled();
    await person.type(name, 'Llama 3.1 8B Instruct');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/ai-model-versions/{id}', {
      params: { path: { id: VERSION_ID } },
      body: { display_name: 'Llama 3.1 8B Instruct', output_cost_per1m: null },
    });
  });
});
