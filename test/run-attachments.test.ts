import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentSections } from '../src/modules/runs/engine/attachment-text.ts';
import type { MessageRow } from '../src/modules/runs/store.ts';
import { type FakeChatVendor, startFakeOpenAIChat } from './fixtures/fake-chat-vendors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createOrgWithAdmin, type TestOrg } from './helpers/fixtures.ts';
import { uploadAndCommit, waitForIndex } from './helpers/ingestion.ts';
import { waitForRun } from './helpers/runs.ts';
import { catalogModel } from './model-gateway.fixtures.ts';

/** Attached project files and artifacts reach the model as text: the offline model says what it read. */
let app: TestApp;
let org: TestOrg;
let vendor: FakeChatVendor;

beforeAll(async () => {
  app = await startTestApp();
  org = await createOrgWithAdmin(app);
  vendor = await startFakeOpenAIChat();
});
afterAll(async () => {
  await vendor?.close();
  await app?.close();
});

const NOTES = 'Otters hold hands while they sleep so they do not drift apart.\nThey also keep a favourite stone.';

describe('attachments in a run', () => {
  it('the model reads an attached project file’s extracted text and an attached artifact’s text', async () => {
    const project = await org.admin.http.post('/v1/projects', { name: 'Otters' });
    expect(project.status, project.text).toBe(201);
    const fileId = await uploadAndCommit(org.admin.http, project.body.id, {
      filename: 'otters.txt',
      mimeType: 'text/plain',
      data: Buffer.from(NOTES),
    });
    expect((await waitForIndex(org.admin.http, fileId)).file.index_status).toBe('ready');
    const thread = (await org.admin.http.post('/v1/threads', { project_id: project.body.id })).body;

    // An artifact of the thread, made by a run's tool.
    const made = await org.admin.http.post(`/v1/threads/${thread.id}/messages`, {
      content: `/tool create_file ${JSON.stringify({ filename: 'plan.md', content: '# Plan\n\nFind more stones.' })}`,
    });
    expect(made.status, made.text).toBe(201);
    await waitForRun(org.admin.http, thread.id, made.body.run.id);
    const artifact = (await org.admin.http.get(`/v1/threads/${thread.id}/artifacts`)).body.data[0];

    const asked = await org.admin.http.post(`/v1/threads/${thread.id}/messages`, {
      content: 'What do these say?',
      attachments: [
        { type: 'project_file', id: fileId },
        { type: 'artifact', id: artifact.id },
      ],
    });
    expect(asked.status, asked.text).toBe(201);
    const done = await waitForRun(org.admin.http, thread.id, asked.body.run.id);
    expect(done.run.status).toBe('completed');
    const reply = done.outputMessage.content as string;
    expect(reply).toContain(
      `I read the attached file otters.txt (text/plain) (${NOTES.length} characters), which begins: "Otters hold hands`,
    );
    expect(reply).toContain('I read the attached file plan.md (text/markdown) (25 characters), which begins: "# Plan"');
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('image attachments', () => {
  async function imageThread(organization: TestOrg) {
    const project = await organization.admin.http.post('/v1/projects', { name: 'Pictures' });
    const fileId = await uploadAndCommit(organization.admin.http, project.body.id, {
      filename: 'otter.png',
      mimeType: 'image/png',
      data: PNG,
    });
    await waitForIndex(organization.admin.http, fileId);
    const thread = (await organization.admin.http.post('/v1/threads', { project_id: project.body.id })).body;
    return { fileId, threadId: thread.id as string };
  }

  it('reach a model that reads images as an image part, in the vendor’s own wire format', async () => {
    const other = await createOrgWithAdmin(app);
    const model = await catalogModel(app, {
      baseUrl: vendor.baseUrl,
      apiKey: 'sk-fake',
      version: { inputModalities: ['text', 'image'] },
    });
    const selected = await other.admin.http.put('/v1/organization/model-selections', {
      selections: [{ key: 'text', model_version_id: model.version.id }],
    });
    expect(selected.status, selected.text).toBe(200);
    const { fileId, threadId } = await imageThread(other);
    const before = vendor.requests.length;
    const asked = await other.admin.http.post(`/v1/threads/${threadId}/messages`, {
      content: 'What is in the picture?',
      attachments: [{ type: 'project_file', id: fileId }],
    });
    expect(asked.status, asked.text).toBe(201);
    expect((await waitForRun(other.admin.http, threadId, asked.body.run.id)).run.status).toBe('completed');
    const sent = vendor.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'))!;
    const user = sent.body.messages.find((m: { role: string }) => m.role === 'user');
    expect(user.content).toEqual([
      {
        type: 'text',
        text: 'What is in the picture?\n\n[Attached image otter.png (image/png): it follows as an image]',
      },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
    ]);
  });

  it('are named, not sent, to a model that reads text only', async () => {
    const { fileId, threadId } = await imageThread(org);
    const asked = await org.admin.http.post(`/v1/threads/${threadId}/messages`, {
      content: 'And this?',
      attachments: [{ type: 'project_file', id: fileId }],
    });
    const done = await waitForRun(org.admin.http, threadId, asked.body.run.id);
    expect(done.outputMessage.content).toContain('Attached: otter.png (image/png); it has no text the model can read');
  });
});

describe('attachmentSections', () => {
  const message = (id: string, attachments: object[]): MessageRow =>
    ({ id, role: 'user', content: 'x', attachments }) as unknown as MessageRow;
  const file = (id: string, filename: string) => ({ type: 'project_file', id, filename, mime_type: 'text/plain' });

  it('spends the budget on the newest message first, says where a file is cut and which were left out', () => {
    const transcript = [message('old', [file('a', 'a.txt')]), message('new', [file('b', 'b.txt'), file('c', 'c.txt')])];
    const texts = new Map([
      ['a', { text: 'A'.repeat(50) }],
      ['b', { text: 'B'.repeat(30) }],
      ['c', { text: 'C'.repeat(30) }],
    ]);
    // 10 tokens are 40 characters: all of b, 10 of c, nothing of a.
    const sections = attachmentSections(transcript, texts, new Set(), 10);
    const newest = sections.get('new')!;
    expect(newest).toContain(
      `[Attached file b.txt (text/plain), 30 characters]\n${'B'.repeat(30)}\n[End of b.txt (text/plain)]`,
    );
    expect(newest).toContain(
      `${'C'.repeat(10)}\n[c.txt (text/plain) is cut here: 10 of its 30 characters fit the attachment budget]`,
    );
    expect(sections.get('old')).toBe(
      '\n\n[Attached: a.txt (text/plain); not included: the attachments of this run used up their budget]',
    );
  });

  it('names a file without text (not indexed yet, or binary) instead of inventing its content', () => {
    const sections = attachmentSections([message('m', [file('img', 'photo.png')])], new Map([['img', { text: null }]]));
    expect(sections.get('m')).toBe('\n\n[Attached: photo.png (text/plain); it has no text the model can read]');
  });
});
