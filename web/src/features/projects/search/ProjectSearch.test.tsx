import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../test/fake-client.ts';
import { renderWithClient } from '../../../test/render.tsx';
import { ProjectSearch } from './ProjectSearch.tsx';

const projectId = '0190a000-0000-7000-8000-000000000020';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
});

describe('ProjectSearch', () => {
  it("asks the project's search route and highlights the matched words as <mark>, never as HTML", async () => {
    fake.on('GET', '/v1/projects/{id}/search', (init) => {
      expect(init.params).toEqual({ path: { id: projectId }, query: { q: 'stones', limit: 20 } });
      return ok({
        data: [
          {
            file_id: '0190a000-0000-7000-8000-000000000021',
            filename: 'otters.txt',
            chunk_id: '0190a000-0000-7000-8000-000000000022',
            snippet: 'Otters <img src=x onerror=alert(1)> use <<stones>>.',
            rank: 0.5,
          },
        ],
      });
    });
    const { container } = renderWithClient(fake, <ProjectSearch projectId={projectId} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search files' }), '  stones {Enter}');

    const results = await screen.findByRole('list', { name: 'Results for stones' });
    const hit = within(results).getByRole('listitem');
    expect(within(hit).getByText('otters.txt')).toBeInTheDocument();
    expect([...hit.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['stones']);
    expect(hit).toHaveTextContent('Otters <img src=x onerror=alert(1)> use stones.');
    expect(container.querySelector('img')).toBeNull();
  });

  it('says when nothing matches', async () => {
    fake.on('GET', '/v1/projects/{id}/search', ok({ data: [] }));
    renderWithClient(fake, <ProjectSearch projectId={projectId} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search files' }), 'beavers{Enter}');
    expect(await screen.findByText('Nothing in the indexed files matches “beavers”.')).toBeInTheDocument();
  });
});
