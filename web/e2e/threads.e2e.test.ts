import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;
let projectId: string;

async function newThread(title: string, project?: string): Promise<string> {
  const res = await org.admin.http.post('/v1/threads', { title, project_id: project });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
  const project = await org.admin.http.post('/v1/projects', { name: 'Launch' });
  expect(project.status, project.text).toBe(201);
  projectId = project.body.id;
});
afterAll(() => stopE2e({ app, browser, win }));

const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const threadLinks = (page: Page, name: string | RegExp) => section(page, name).getByRole('listitem').getByRole('link');

describe('the threads list', () => {
  it('loads cursor pages as it scrolls, searches titles, filters by project, pins, renames and moves', async () => {
    for (let i = 1; i <= 33; i++) await newThread(`Filler ${i}`);
    await newThread('Beaver dams', projectId);
    await newThread('Otter facts');
    const { page } = win;
    await page.goto('/threads');

    // First page: 30 of 35; the rest come when the end of the list scrolls into view.
    await expect.poll(() => threadLinks(page, 'Recent').count()).toBe(30);
    await page.getByRole('button', { name: 'Load more threads' }).scrollIntoViewIfNeeded();
    await expect.poll(() => threadLinks(page, 'Recent').count()).toBe(35);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('searchbox', { name: 'Search threads' }).fill('otter');
    await expect.poll(() => threadLinks(page, /^Threads matching/).allTextContents()).toEqual(['Otter facts']);
    await page.getByRole('searchbox', { name: 'Search threads' }).fill('');

    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Launch' });
    await expect.poll(() => threadLinks(page, 'Recent').allTextContents()).toEqual(['Beaver dams']);
    expect(new URL(page.url()).searchParams.get('project')).toBe(projectId);
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'All projects' });

    await page.getByRole('button', { name: 'Pin Otter facts' }).click();
    await expect.poll(() => threadLinks(page, 'Pinned').allTextContents()).toEqual(['Otter facts']);
    await page.getByRole('button', { name: 'Unpin Otter facts' }).click();
    await section(page, 'Pinned').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit Otter facts' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Sea otter facts');
    await page.getByRole('listitem').getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Launch' });
    await page.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Sea otter facts' }) });
    await expect.poll(() => row.textContent()).toContain('· Launch');
    const moved = await org.admin.http.get('/v1/threads?search=Sea%20otter');
    expect(moved.body.data).toMatchObject([{ title: 'Sea otter facts', project_id: projectId }]);
  });

  it('reaches the projects and agents from the navigation; a project opens its threads', async () => {
    const agent = await org.admin.http.post('/v1/agents', { name: 'Research helper', system_prompt: 'You help.' });
    expect(agent.status, agent.text).toBe(201);
    const { page } = win;
    await page.goto('/threads');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('heading', { name: 'Research helper' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await nav.getByRole('link', { name: 'Projects' }).click();
    const project = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Launch' }) });
    await expect.poll(() => project.textContent()).toContain('2 threads');
    await expectNoSeriousA11yViolations(page);
    await project.getByRole('link', { name: 'Launch' }).click();
    await page.getByRole('link', { name: 'Threads in this project' }).click();
    await expect.poll(() => threadLinks(page, 'Recent').allTextContents()).toEqual(['Sea otter facts', 'Beaver dams']);
    expect(await page.getByRole('combobox', { name: 'Project' }).inputValue()).toBe(projectId);

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await nav.count()).toBe(1);
  });

  it('opens a thread of 500 messages at its end and keeps only the messages in view in the page', async () => {
    const threadId = await newThread('A long conversation');
    for (let i = 1; i <= 500; i++) {
      const res = await org.admin.http.post(`/v1/threads/${threadId}/messages`, {
        content: `Message ${i}`,
        run: false,
      });
      expect(res.status, res.text).toBe(201);
    }
    const { page } = win;
    await page.goto(`/threads/${threadId}`);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('Message 500', { exact: true }).waitFor();
    const inPage = () => conversation.getByRole('article').count();
    expect(await inPage()).toBeLessThan(40);

    // Keyboard scrolling: the region takes focus, Home goes to the first message and End to the last.
    await conversation.focus();
    await page.keyboard.press('Home');
    await conversation.getByText('Message 1', { exact: true }).waitFor();
    expect(await inPage()).toBeLessThan(40);
    expect(await conversation.getByText('Message 500', { exact: true }).count()).toBe(0);

    // End goes back to the latest message.
    await page.keyboard.press('End');
    await conversation.getByText('Message 500', { exact: true }).waitFor();
    expect(await conversation.getByText('Message 1', { exact: true }).count()).toBe(0);
  });
});
