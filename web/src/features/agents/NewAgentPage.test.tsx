import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../test/fake-client.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NewAgentPage } from './NewAgentPage.tsx';

const MODEL_ID = '0190a000-0000-7000-8000-0000000000m1';
const model = { id: MODEL_ID, displayName: 'Swift', providerName: 'Offline' };
const skill = (slug: string, name: string) => ({ id: `id-${slug}`, slug, name, organization_id: null });
const created = { id: '0190a000-0000-7000-8000-0000000000a1', name: 'Otter expert' };

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/v1/models', ok({ data: [model] }));
  fake.on(
    'GET',
    '/v1/skills',
    ok({ data: [skill('brand-voice', 'Brand voice'), skill('tides', 'Tides')], has_more: false, next_cursor: null }),
  );
  renderRoutes(
    fake,
    [
      { path: '/agents/new', element: <NewAgentPage /> },
      { path: '/agents/:id', element: <p>The new agent</p> },
    ],
    '/agents/new',
  );
});

describe('NewAgentPage', () => {
  it('says what is missing before sending anything', async () => {
    const person = userEvent.setup();
    await person.type(screen.getByRole('textbox', { name: 'Instructions' }), '   ');
    await person.click(screen.getByRole('button', { name: 'Create agent' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Give the agent a name.');
    expect(screen.getByRole('textbox', { name: 'Instructions' })).toHaveAccessibleDescription(
      'What the agent is told before every run. Write the instructions the agent follows.',
    );
    expect(fake.api.POST).not.toHaveBeenCalled();
  });

  it('sends the fields as the API takes them: the chosen model, the exact tool allowlist, the default skills', async () => {
    fake.on('POST', '/v1/agents', ok(created, 201));
    const person = userEvent.setup();
    await person.type(screen.getByRole('textbox', { name: 'Name' }), ' Otter ');
    await person.type(screen.getByRole('textbox', { name: 'Instructions' }), 'Be kind.');
    await person.selectOptions(await screen.findByRole('combobox', { name: 'Model' }), 'Swift (Offline)');
    await person.click(screen.getByRole('checkbox', { name: 'Create dashboards' }));
    await person.click(screen.getByRole('checkbox', { name: 'Ask you a question' }));
    await person.click(await screen.findByRole('checkbox', { name: 'Tides' }));
    await person.click(screen.getByRole('button', { name: 'Create agent' }));

    expect(await screen.findByText('The new agent')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/agents', {
      body: {
        name: 'Otter',
        description: null,
        system_prompt: 'Be kind.',
        visibility: 'organization',
        config: {
          tools: [
            'create_document',
            'create_spreadsheet',
            'create_presentation',
            'create_file',
            'create_image',
            'search_project_files',
            'm365_search_files',
            'm365_read_file',
            'use_skill',
          ],
          model: MODEL_ID,
        },
        default_skill_slugs: ['tides'],
      },
    });
  });

  it("shows the server's refusal", async () => {
    fake.on('POST', '/v1/agents', fail(422, 'validation_error', 'config.model: no active model version matches'));
    const person = userEvent.setup();
    await person.type(screen.getByRole('textbox', { name: 'Name' }), 'Otter');
    await person.type(screen.getByRole('textbox', { name: 'Instructions' }), 'Be kind.');
    await person.click(screen.getByRole('button', { name: 'Create agent' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('config.model: no active model version matches');
  });
});
