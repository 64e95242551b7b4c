import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { uploadAndCommit } from '../../test/helpers/ingestion.ts';
import { awaiting, postAndRun, waitForRun } from '../../test/helpers/runs.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { type AppWindow, openApp, signIn } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

async function newThread(title: string, projectId?: string): Promise<string> {
  const res = await org.admin.http.post('/v1/threads', { title, project_id: projectId });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e({ signedIn: false }));
});
afterAll(() => stopE2e({ app, browser, win }));

/** The main pages with believable content, at 1280×800 and 390×844, into docs/screenshots (the README shows them). */
describe('screenshots of the main pages', () => {
  it('writes sign-in, threads, a conversation and approvals', async () => {
    const { page } = win;
    await page.goto('/sign-in');
    await captureScreens(page, 'sign-in');

    const project = await org.admin.http.post('/v1/projects', { name: 'Spring launch' });
    expect(project.status, project.text).toBe(201);
    const conversation = await newThread('Quarterly report outline');
    await newThread('Press release draft', project.body.id);
    await newThread('Customer interview notes', project.body.id);
    const pinned = await newThread('Team onboarding checklist');
    await org.admin.http.patch(`/v1/threads/${pinned}`, { is_pinned: true });

    const { run } = await postAndRun(
      org.admin.http,
      conversation,
      'Outline the quarterly report: revenue, hiring and the roadmap, in three short sections.',
    );
    await waitForRun(org.admin.http, conversation, run.id);
    const files = await postAndRun(
      org.admin.http,
      conversation,
      '/tool create_file {"filename":"report-outline.md","content":"# Quarterly report"}',
    );
    await waitForRun(org.admin.http, conversation, files.run.id);

    const approvalThread = await newThread('Vendor contract renewal');
    const question = await postAndRun(
      org.admin.http,
      approvalThread,
      '/tool ask_user {"prompt":"Which vendor should the renewal go to?","options":["Northwind","Contoso"]}',
    );
    await waitForRun(org.admin.http, approvalThread, question.run.id, awaiting);
    const workflow = await org.admin.http.post('/v1/workflows', {
      name: 'Newsletter',
      definition: {
        steps: [
          { id: 'draft', name: 'Draft', depends_on: [], type: 'model', config: { prompt: 'Draft the newsletter' } },
          {
            id: 'send',
            name: 'Send',
            depends_on: ['draft'],
            type: 'model',
            config: { prompt: 'Send it' },
            requires_confirmation: true,
            confirmation_message: 'Send the April newsletter to 2,400 subscribers?',
          },
        ],
      },
    });
    expect(workflow.status, workflow.text).toBe(201);
    const gated = await org.admin.http.post(`/v1/workflows/${workflow.body.id}/run`, { input: {} });
    expect(gated.status, gated.text).toBe(201);
    await waitForRun(org.admin.http, gated.body.thread.id, gated.body.run.id, awaiting);

    await signIn(page, { email: org.admin.user.email, password: org.admin.password });
    await page.getByRole('link', { name: 'Team onboarding checklist' }).waitFor();
    await captureScreens(page, 'threads');

    await page.goto(`/threads/${conversation}`);
    await page.getByRole('link', { name: 'report-outline.md' }).waitFor();
    await captureScreens(page, 'conversation');

    await page.goto('/approvals');
    await page.getByRole('group', { name: 'Question for you' }).waitFor();
    await page.getByRole('group', { name: 'Approval needed' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await captureScreens(page, 'approvals');
  });

  it('writes agents, an agent, skills, the developer page and the profile', async () => {
    const { page } = win;
    const agent = await org.admin.http.post('/v1/agents', {
      name: 'Research assistant',
      description: 'Finds sources and summarises them with citations.',
      system_prompt: 'You research a question and cite every source.',
      config: { tools: ['create_document', 'search_project_files', 'ask_user'] },
    });
    expect(agent.status, agent.text).toBe(201);
    await org.admin.http.post('/v1/agents', {
      name: 'Meeting notes',
      description: 'Turns a transcript into decisions and action items.',
      system_prompt: 'You write meeting notes.',
      visibility: 'private',
    });
    await org.admin.http.post('/v1/skills', {
      slug: 'brand-voice',
      name: 'Brand voice',
      description: 'How the company writes.',
      when_to_use: 'When writing anything customers will read.',
      instructions: 'Short sentences. No jargon.',
    });
    const account = await org.admin.http.post('/v1/service-accounts', { name: 'Deploy bot', description: 'CI' });
    await org.admin.http.post(`/v1/service-accounts/${account.body.id}/api-keys`, { name: 'release pipeline' });

    await page.goto('/agents');
    await page.getByRole('link', { name: 'Research assistant' }).waitFor();
    await captureScreens(page, 'agents');

    await page.getByRole('link', { name: 'Research assistant' }).click();
    await page.getByRole('checkbox', { name: 'Brand voice' }).waitFor();
    await captureScreens(page, 'agent');

    await page.goto('/agents/skills');
    await page.getByRole('link', { name: 'Brand voice' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await captureScreens(page, 'skills');

    await page.goto('/developer');
    await page.getByText('release pipeline').waitFor();
    await expectNoSeriousA11yViolations(page);
    await captureScreens(page, 'developer');

    await page.goto('/profile');
    await page.getByRole('textbox', { name: 'First name' }).waitFor();
    await captureScreens(page, 'profile');
  });

  it('writes workflows and a workflow with its steps', async () => {
    // A window of its own, signed in here, so this test also runs alone (`-t workflow`).
    const own = await openApp(browser, app.url);
    const { page } = own;
    const editor = await org.admin.http.post('/v1/agents', {
      name: 'Digest editor',
      system_prompt: 'You turn notes into a short, friendly digest.',
    });
    expect(editor.status, editor.text).toBe(201);
    const workflow = await org.admin.http.post('/v1/workflows', {
      name: 'Weekly customer digest',
      description: 'Collects the week’s feedback, drafts a digest and emails it to the team.',
      definition: {
        steps: [
          {
            id: 'collect',
            name: 'Collect feedback',
            depends_on: [],
            type: 'model',
            config: { prompt: 'List this week’s customer feedback about {{input.product}}, grouped by theme.' },
          },
          {
            id: 'draft',
            name: 'Draft the digest',
            depends_on: ['collect'],
            type: 'agent',
            config: { agent_id: editor.body.id, prompt: 'Write a digest from {{steps.collect.output}}.' },
          },
          {
            id: 'save',
            name: 'Save as a file',
            depends_on: ['draft'],
            type: 'tool',
            config: { tool: 'create_file', arguments: { filename: 'digest.md', content: '{{steps.draft.output}}' } },
          },
          {
            id: 'email',
            name: 'Email the team',
            depends_on: ['draft'],
            type: 'skill',
            config: { skill: 'draft-email', prompt: 'Email {{steps.draft.output}} to the product team.' },
            requires_confirmation: true,
            confirmation_message: 'Send the digest to the product team?',
          },
        ],
      },
    });
    expect(workflow.status, workflow.text).toBe(201);
    await org.admin.http.post('/v1/workflows', {
      name: 'Release notes',
      description: 'Drafts release notes from merged changes.',
      definition: {
        steps: [{ id: 'notes', name: 'Notes', depends_on: [], type: 'model', config: { prompt: 'Draft' } }],
      },
    });

    await signIn(page, { email: org.admin.user.email, password: org.admin.password }, '/agents/workflows');
    await page.getByRole('link', { name: 'Weekly customer digest' }).waitFor();
    await captureScreens(page, 'workflows');

    await page.getByRole('link', { name: 'Weekly customer digest' }).click();
    const drafting = page.getByRole('group', { name: 'Step 2: Draft the digest' });
    await drafting.getByRole('combobox', { name: 'Agent' }).getByRole('option', { name: 'Digest editor' }).waitFor({
      state: 'attached',
    });
    await expectNoSeriousA11yViolations(page);
    // The steps editor in view (the page scrolls inside the shell's main area): a step with its agent, its
    // prompt and the earlier step it depends on.
    await captureScreens(page, 'workflow', () =>
      drafting.evaluate((step) => {
        step.scrollIntoView({ block: 'start' });
        document.getElementById('main')!.scrollBy(0, -24); // the legend sits on the group's top border
      }),
    );
    expect(own.errors).toEqual([]);
    await own.context.close();
  });

  it("writes projects, a project with its files and search, and a thread's files", async () => {
    const { page } = win;
    const project = await org.admin.http.post('/v1/projects', {
      name: 'Coastal survey',
      description: 'Kelp forests and the otters that keep them.',
    });
    expect(project.status, project.text).toBe(201);
    const upload = (filename: string, mimeType: string, text: string) =>
      uploadAndCommit(org.admin.http, project.body.id, { filename, mimeType, data: Buffer.from(text) });
    await upload('field-notes.txt', 'text/plain', 'Otters keep sea urchins in check, so kelp forests grow.');
    await upload('survey-plan.md', 'text/markdown', '# Survey plan\n\nCount otters and urchins each May.');

    await page.goto('/projects');
    await page.getByRole('link', { name: 'Coastal survey' }).waitFor();
    await captureScreens(page, 'projects');

    await page.getByRole('link', { name: 'Coastal survey' }).click();
    const files = page.getByRole('list', { name: 'Project files' });
    await expect.poll(() => files.getByText('Indexed', { exact: true }).count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('searchbox', { name: 'Search files' }).fill('otters');
    await page.getByRole('searchbox', { name: 'Search files' }).press('Enter');
    const results = page.getByRole('list', { name: 'Results for otters' });
    await results.locator('mark').first().waitFor();
    await expectNoSeriousA11yViolations(page);
    // The files, the search and its highlighted results in view together.
    await captureScreens(page, 'project', () => results.scrollIntoViewIfNeeded());

    const thread = await newThread('Tool use by species');
    const table = await postAndRun(
      org.admin.http,
      thread,
      `/tool create_file ${JSON.stringify({
        filename: 'tool-use.csv',
        content: 'species,tool,observed\nsea otter,stone,yes\nbottlenose dolphin,sponge,yes\nbeaver,none,no\n',
      })}`,
    );
    await waitForRun(org.admin.http, thread, table.run.id);
    await page.goto(`/threads/${thread}`);
    await page.getByRole('button', { name: 'Files (1)' }).click();
    await page.getByRole('button', { name: 'Preview tool-use.csv' }).click();
    await page.getByRole('table', { name: 'tool-use.csv' }).waitFor();
    await captureScreens(page, 'thread-files');
  });
});
