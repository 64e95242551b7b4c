import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../test/fake-client.ts';
import { renderWithClient } from '../../../test/render.tsx';
import { type FakeRequest, stubXhr } from '../../artifacts/fake-xhr.ts';
import { FilesSection } from './FilesSection.tsx';
import type { ProjectFile } from './use-project-files.ts';

const projectId = '0190a000-0000-7000-8000-000000000010';
const fileId = '0190a000-0000-7000-8000-000000000011';

const fileRow = (changes: Partial<ProjectFile> = {}): ProjectFile => ({
  id: fileId,
  organization_id: '0190a000-0000-7000-8000-000000000012',
  project_id: projectId,
  filename: 'otters.txt',
  mime_type: 'text/plain',
  size_bytes: 18,
  status: 'ready',
  index_status: 'pending',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  ...changes,
});

let fake: FakeClient;
let xhr: FakeRequest[];
let stored: ProjectFile[];

beforeEach(() => {
  fake = createFakeClient();
  xhr = stubXhr();
  stored = [];
  fake.on('GET', '/v1/projects/{id}/files', () => ok({ data: stored, has_more: false, next_cursor: null }));
});
afterEach(() => vi.unstubAllGlobals());

const picker = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('FilesSection', () => {
  it('uploads a picked file to its signed URL with a progress bar, commits it, then lists it', async () => {
    fake.on('POST', '/v1/projects/{id}/files/upload-url', (init) => {
      expect(init).toEqual({
        params: { path: { id: projectId } },
        body: { filename: 'otters.txt', mime_type: 'text/plain', size_bytes: 18 },
      });
      return ok({ file_id: fileId, upload_url: '/blobs/up?sig=x', expires_at: '2026-11-27T11:00:00.000Z' }, 201);
    });
    fake.on('POST', '/v1/project-files/{id}/commit', (init) => {
      expect(init.params?.path).toEqual({ id: fileId });
      stored = [fileRow()];
      return ok(fileRow());
    });
    const { container } = renderWithClient(fake, <FilesSection projectId={projectId} />);
    await screen.findByText('No files yet.');

    await userEvent.upload(picker(container), new File(['Otters use stones.'], 'otters.txt', { type: 'text/plain' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    expect(xhr[0]).toMatchObject({
      method: 'PUT',
      url: '/blobs/up?sig=x',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'text/plain' },
    });
    expect(xhr[0]!.body).toBeInstanceOf(File);

    act(() => xhr[0]!.progress(9, 18));
    const bar = screen.getByRole('progressbar', { name: 'Upload of otters.txt' });
    expect(bar).toHaveAttribute('value', '0.5');
    expect(screen.getByText('Uploading 50%')).toBeInTheDocument();
    expect(fake.api.POST).not.toHaveBeenCalledWith('/v1/project-files/{id}/commit', expect.anything());

    act(() => xhr[0]!.respond(201));
    await screen.findByText('Uploaded');
    const list = await screen.findByRole('list', { name: 'Project files' });
    expect(within(list).getByText('otters.txt')).toBeInTheDocument();
    expect(within(list).getByText('Waiting to be indexed')).toBeInTheDocument();
  });

  it('refuses an empty file before asking for an upload URL', async () => {
    const { container } = renderWithClient(fake, <FilesSection projectId={projectId} />);
    await screen.findByText('No files yet.');
    await userEvent.upload(picker(container), new File([], 'empty.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is empty.');
    expect(fake.api.POST).not.toHaveBeenCalled();
  });

  it('says so when the storage refuses the bytes, and does not commit', async () => {
    fake.on('POST', '/v1/projects/{id}/files/upload-url', () =>
      ok({ file_id: fileId, upload_url: '/blobs/up?sig=x', expires_at: '2026-11-27T11:00:00.000Z' }, 201),
    );
    const { container } = renderWithClient(fake, <FilesSection projectId={projectId} />);
    await screen.findByText('No files yet.');
    await userEvent.upload(picker(container), new File(['x'], 'x.txt', { type: 'text/plain' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    act(() => xhr[0]!.respond(403));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file storage refused the request (403).');
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(fake.api.POST).toHaveBeenCalledTimes(1);
  });

  it('re-reads the list by itself while a file is being indexed, and stops once none is', async () => {
    stored = [fileRow({ index_status: 'processing' })];
    renderWithClient(fake, <FilesSection projectId={projectId} />);
    await screen.findByText('Indexing…');
    stored = [fileRow({ index_status: 'ready' })];
    await screen.findByText('Indexed', undefined, { timeout: 4000 });
    const reads = fake.api.GET.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fake.api.GET.mock.calls.length).toBe(reads);
  }, 10_000);

  it('deletes a file only after the confirmation', async () => {
    stored = [fileRow({ index_status: 'ready' })];
    fake.on('DELETE', '/v1/project-files/{id}', (init) => {
      expect(init.params?.path).toEqual({ id: fileId });
      stored = [];
      return { status: 204 };
    });
    renderWithClient(fake, <FilesSection projectId={projectId} />);
    await screen.findByText('Indexed');
    await userEvent.click(screen.getByRole('button', { name: 'Delete otters.txt' }));
    expect(fake.api.DELETE).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete otters.txt' }));
    await screen.findByText('No files yet.');
    expect(fake.api.DELETE).toHaveBeenCalledTimes(1);
  });
});
