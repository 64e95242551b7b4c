import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import { addUser, type OrgUser, type TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let grace: OrgUser;
let win: AppWindow;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
  grace = await addUser(app, org.admin.http, { first_name: 'Grace', last_name: 'Hopper' });
});
afterAll(() => stopE2e({ app, browser, win }));

const projectIdOf = (url: string) => /\/projects\/([0-9a-f-]{36})$/.exec(new URL(url).pathname)?.[1];

describe('projects', () => {
  it('creates a project, uploads a file by the picker, searches it and starts a thread in it', async () => {
    const { page } = win;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Otter research');
    await page.getByRole('textbox', { name: 'Description (optional)' }).fill('Field notes on sea otters');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Otter research' }).waitFor();
    const projectId = projectIdOf(page.url());
    expect(projectId).toBeDefined();
    await expectNoSeriousA11yViolations(page);

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose files' }).click(),
    ]);
    await chooser.setFiles({
      name: 'otter-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Sea otters crack shellfish open with stones they keep in a pouch.'),
    });
    await page.getByRole('progressbar', { name: 'Upload of otter-notes.txt' }).waitFor();
    await page.getByText('Uploaded', { exact: true }).waitFor();
    // The list polls by itself until the file is indexed: no reload.
    const files = page.getByRole('list', { name: 'Project files' });
    await files.getByText('otter-notes.txt').waitFor();
    await files.getByText('Indexed', { exact: true }).waitFor({ timeout: 30_000 });
    const listed = await org.admin.http.get(`/v1/projects/${projectId}/files`);
    expect(listed.body.data).toMatchObject([{ filename: 'otter-notes.txt', index_status: 'ready', size_bytes: 65 }]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download otter-notes.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('otter-notes.txt');

    await page.getByRole('searchbox', { name: 'Search files' }).fill('stones');
    await page.getByRole('searchbox', { name: 'Search files' }).press('Enter');
    const hit = page.getByRole('list', { name: 'Results for stones' }).getByRole('listitem');
    await hit.waitFor();
    expect(await hit.getByText('otter-notes.txt').count()).toBe(1);
    expect(await hit.locator('mark').allTextContents()).toEqual(['stones']);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New thread in this project' }).click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    const threadId = /\/threads\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
    const thread = await org.admin.http.get(`/v1/threads/${threadId}`);
    expect(thread.status, thread.text).toBe(200);
    expect(thread.body.project_id).toBe(projectId);
  });

  it('adds a member, changes their role and removes them', async () => {
    const { page } = win;
    const project = await org.admin.http.post('/v1/projects', { name: 'Kelp forest survey' });
    expect(project.status, project.text).toBe(201);
    const lookup = await org.admin.http.get('/v1/users/lookup?search=Grace');
    const graceName: string = lookup.body.data[0].display_name;
    const members = () => org.admin.http.get(`/v1/projects/${project.body.id}/members`);

    await page.goto(`/projects/${project.body.id}`);
    const section = page.getByRole('region', { name: 'Members' });
    await section.getByText(/\(you\)$/).waitFor();
    await section.getByRole('searchbox', { name: 'Find a person' }).fill('Grace');
    const person = section.getByRole('combobox', { name: 'Person' });
    await expect.poll(() => person.locator('option').count()).toBe(2);
    await person.selectOption(grace.user.id);
    await section.getByRole('combobox', { name: 'Role', exact: true }).selectOption('member');
    await section.getByRole('button', { name: 'Add member' }).click();

    const role = section.getByRole('combobox', { name: `Role of ${graceName}` });
    await role.waitFor();
    expect(await role.inputValue()).toBe('member');
    await expectNoSeriousA11yViolations(page);
    await role.selectOption('admin');
    await expect
      .poll(async () => (await members()).body.data.find((m: { user_id: string }) => m.user_id === grace.user.id)?.role)
      .toBe('admin');

    await section.getByRole('button', { name: `Remove ${graceName}` }).click();
    await role.waitFor({ state: 'detached' });
    expect((await members()).body.data.map((m: { user_id: string }) => m.user_id)).toEqual([org.admin.user.id]);
  });

  it("names a teammate's message in a project thread by the member's name", async () => {
    const { page } = win;
    const project = await org.admin.http.post('/v1/projects', { name: 'Tide pools' });
    expect(project.status, project.text).toBe(201);
    const added = await org.admin.http.post(`/v1/projects/${project.body.id}/members`, {
      user_id: grace.user.id,
      role: 'member',
    });
    expect(added.status, added.text).toBe(201);
    const thread = await grace.http.post('/v1/threads', { title: 'Low tide', project_id: project.body.id });
    expect(thread.status, thread.text).toBe(201);
    const posted = await grace.http.post(`/v1/threads/${thread.body.id}/messages`, {
      content: 'The anemones are out',
      run: false,
    });
    expect(posted.status, posted.text).toBe(201);
    const graceName: string = (await org.admin.http.get(`/v1/projects/${project.body.id}/members`)).body.data.find(
      (m: { user_id: string }) => m.user_id === grace.user.id,
    ).display_name;

    await page.goto(`/threads/${thread.body.id}`);
    const article = page.getByRole('article', { name: graceName });
    await article.getByText('The anemones are out').waitFor();
    expect(await page.getByRole('article', { name: 'Teammate' }).count()).toBe(0);
  });

  it('lists projects with their aggregates and archives one', async () => {
    const { page } = win;
    const project = await org.admin.http.post('/v1/projects', { name: 'Old notes', description: 'To archive' });
    expect(project.status, project.text).toBe(201);
    await page.goto('/projects');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Otter research' }) });
    await card.waitFor();
    expect(await card.textContent()).toContain('1 thread · 1 file · 1 member');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Archive Old notes' }).click();
    await page.getByRole('link', { name: 'Old notes' }).waitFor({ state: 'detached' });
    const archived = await org.admin.http.get(`/v1/projects/${project.body.id}`);
    expect(archived.body.status).toBe('archived');
  });
});
