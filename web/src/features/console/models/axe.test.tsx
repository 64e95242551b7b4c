import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { expect, it } from 'vitest';
import { createFakeClient, ok } from '../../../test/fake-client.ts';
import { signInOperator } from '../../../test/fixtures.tsx';
import { renderRoutes } from '../../../test/render.tsx';
import { RequireSession } from '../../auth/index.ts';
import { modelsRoutes } from './routes.ts';
import { FAMILY_ID, familyRow, PROVIDER_ID, providerRow, VERSION_ID, versionRow } from './testing.ts';

const LISTING = {
  models: [
    {
      id: 'qwen2.5:7b',
      display_name: 'Qwen 2.5',
      kind: 'chat',
      deprecated: false,
      owned_by: null,
      released_at: null,
      tracked: null,
      fields: { modelId: 'q', version: 'q', displayName: 'q', inputModalities: [], outputModalities: [] },
      vendor: {},
    },
  ],
  listing: { documented: true, docs_url: 'https://example.test/docs', fetched_at: '2030-01-01T00:00:00.000Z' },
};

/** Every page of the part passes axe-core, with its vendor listing open where it has one. */
it.each([
  ['/console/models', 'AI providers'],
  [`/console/models/providers/${PROVIDER_ID}`, 'Local Ollama'],
  ['/console/models/families', 'Model families'],
  [`/console/models/families/${FAMILY_ID}`, 'Llama'],
  [`/console/models/families/${FAMILY_ID}/versions/new`, 'New version of Llama'],
  [`/console/models/versions/${VERSION_ID}`, 'Llama 3.1 8B'],
])('axe %s', async (path, heading) => {
  const fake = createFakeClient();
  signInOperator(fake, ['ai-platform']);
  fake.on('GET', '/v1/admin/ai-providers', ok({ data: [providerRow()] }));
  fake.on('GET', '/v1/admin/ai-providers/{id}', ok(providerRow()));
  fake.on('GET', '/v1/admin/ai-providers/{id}/available-models', ok(LISTING));
  fake.on('GET', '/v1/admin/ai-model-families', ok({ data: [familyRow()] }));
  fake.on('GET', '/v1/admin/ai-model-families/{id}', ok(familyRow({ latestVersionId: VERSION_ID })));
  fake.on('GET', '/v1/admin/ai-model-families/{id}/usage', ok({ selections: [], has_recorded_usage: false }));
  fake.on('GET', '/v1/admin/ai-model-versions', ok({ data: [versionRow()] }));
  fake.on('GET', '/v1/admin/ai-model-versions/{id}', ok(versionRow()));
  const layout = (
    <RequireSession>
      <main>
        <Outlet />
      </main>
    </RequireSession>
  );
  renderRoutes(fake, [{ path: '/console/models', element: layout, children: modelsRoutes }], path);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 3000 });
  const list = screen.queryByRole('button', { name: 'List available models' });
  if (list) {
    await userEvent.setup().click(list);
    await screen.findByRole('table', { name: 'Models the vendor lists' });
  }
  await new Promise((r) => setTimeout(r, 300));
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
});
