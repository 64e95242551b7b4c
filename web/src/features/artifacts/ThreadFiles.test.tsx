import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import type { Artifact } from './artifacts-api.ts';
import { type FakeRequest, stubXhr } from './fake-xhr.ts';
import { ThreadFiles } from './ThreadFiles.tsx';

let counter = 0;
const artifact = (filename: string, mime_type: string): Artifact => {
  counter += 1;
  return {
    id: `0190a000-0000-7000-8000-0000000001${String(counter).padStart(2, '0')}`,
    organization_id: '0190a000-0000-7000-8000-000000000200',
    thread_id: '0190a000-0000-7000-8000-000000000201',
    parent_id: null,
    run_id: null,
    created_by_tool: 'create_file',
    type: 'document',
    title: filename,
    description: null,
    filename,
    mime_type,
    size_bytes: 2048,
    storage_key: `k/${filename}`,
    status: 'ready',
    code: null,
    content: null,
    generator: 'atrium',
    generator_version: null,
    prompt: null,
    model: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
  };
};

let fake: FakeClient;
let xhr: FakeRequest[];

beforeEach(() => {
  fake = createFakeClient();
  xhr = stubXhr();
  fake.on('GET', '/v1/artifacts/{id}/download', (init) => ok({ download_url: `/blobs/${init.params?.path?.id}` }));
});
afterEach(() => vi.unstubAllGlobals());

/** Opens the preview of `filename` and answers the text request with `text`. */
async function preview(filename: string, text: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Preview ${filename}` }));
  expect(xhr.at(-1)).toMatchObject({ method: 'GET' });
  act(() => xhr.at(-1)!.respond(200, text));
}

describe('ThreadFiles', () => {
  it('links every file by its filename to its download URL; only browser-safe kinds offer a preview', async () => {
    const notes = artifact('notes.txt', 'text/plain');
    const deck = artifact('deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation');
    renderWithClient(fake, <ThreadFiles artifacts={[notes, deck]} />);
    expect(await screen.findByRole('link', { name: 'notes.txt' })).toHaveAttribute('href', `/blobs/${notes.id}`);
    expect(await screen.findByRole('link', { name: 'deck.pptx' })).toHaveAttribute('download', 'deck.pptx');
    expect(screen.getByRole('button', { name: 'Preview notes.txt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview deck.pptx' })).toBeNull();
  });

  it('shows a CSV file as a table', async () => {
    renderWithClient(fake, <ThreadFiles artifacts={[artifact('sales.csv', 'text/csv')]} />);
    await preview('sales.csv', 'region,total\nNorth,"1,200"\nSouth,900\n');
    const table = await screen.findByRole('table', { name: 'sales.csv' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['region', 'total']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['North', '1,200', 'South', '900']);
    expect(xhr.at(-1)!.url).toMatch(/^\/blobs\//);
  });

  it('renders Markdown sanitised, with raw HTML dropped', async () => {
    renderWithClient(fake, <ThreadFiles artifacts={[artifact('plan.md', 'text/markdown')]} />);
    await preview('plan.md', '# The plan\n\n<script>window.hacked = true</script><b>bold?</b>\n\n- one');
    expect(await screen.findByRole('heading', { name: 'The plan' })).toBeInTheDocument();
    expect(document.querySelector('.markdown script, .markdown b')).toBeNull();
  });

  it('shows a dashboard in a sandboxed frame that may not run scripts', async () => {
    const page = '<h1>Revenue</h1><script>alert(1)</script>';
    renderWithClient(fake, <ThreadFiles artifacts={[artifact('board.html', 'text/html')]} />);
    await preview('board.html', page);
    const frame = await screen.findByTitle('board.html');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', page);
  });

  it('shows an image through <img> from its signed URL, without reading it', async () => {
    const chart = artifact('chart.png', 'image/png');
    renderWithClient(fake, <ThreadFiles artifacts={[chart]} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview chart.png' }));
    expect(screen.getByRole('img', { name: 'chart.png' })).toHaveAttribute('src', `/blobs/${chart.id}`);
    expect(xhr).toHaveLength(0);
  });
});
