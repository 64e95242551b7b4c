import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { deliveredRun, expectStoredReply, recordReplyTexts, words } from './support/conversation.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  // The offline model pauses between deltas, so the agent's reply streams for several seconds: it starts before the
  // conversation opens, and must still be streaming once it has.
  ({ app, browser, org, win } = await startE2e({ env: { ATRIUM_OFFLINE_DELTA_DELAY_MS: '250' } }));
});
afterAll(() => stopE2e({ app, browser, win }));

const agentsArea = () => win.page.getByRole('navigation', { name: 'Agents area' });

describe('agents', () => {
  it('creates an agent through the form, checked as the API checks it, and runs it into a streamed reply', async () => {
    const { page } = win;
    await page.goto('/threads');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('link', { name: 'New agent' }).click();
    await page.getByRole('heading', { name: 'New agent', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByText('Give the agent a name.').waitFor();
    await page.getByText('Write the instructions the agent follows.').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('textbox', { name: 'Name' }).fill('Otter expert');
    await page.getByRole('textbox', { name: 'Instructions' }).fill('You know everything about sea otters.');
    await page.getByRole('checkbox', { name: 'Create dashboards' }).uncheck();
    await page.getByRole('combobox', { name: 'Visible to' }).selectOption({ label: 'Only me' });
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'Otter expert', level: 1 }).waitFor();
    const agentId = /\/agents\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
    const stored = await org.admin.http.get(`/v1/agents/${agentId}`);
    expect(stored.body).toMatchObject({
      name: 'Otter expert',
      system_prompt: 'You know everything about sea otters.',
      visibility: 'private',
      description: null,
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
          'ask_user',
          'use_skill',
        ],
      },
    });
    await expectNoSeriousA11yViolations(page);

    const replyTexts = await recordReplyTexts(page);
    await page
      .getByRole('textbox', { name: 'Prompt' })
      .fill('How do sea otters use tools to open shellfish, and do they keep favourite rocks?');
    await page.getByRole('button', { name: 'Run agent' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/threads\/[0-9a-f-]{36}$/);
    const threadId = new URL(page.url()).pathname.split('/')[2]!;
    await page
      .getByRole('article', { name: 'You' })
      .getByText('How do sea otters use tools to open shellfish')
      .waitFor();

    // The reply grows in the conversation while the run streams, then stays as the stored message.
    const { outputMessage } = await deliveredRun(org.admin.http, threadId);
    await expectStoredReply(page, outputMessage.content);
    const seen = await replyTexts();
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const text of seen) expect(words(outputMessage.content).startsWith(text)).toBe(true);
  });

  it('edits and archives an agent', async () => {
    const created = await org.admin.http.post('/v1/agents', {
      name: 'Draft writer',
      system_prompt: 'You write drafts.',
      config: { tools: [], temperature: 0.2 },
    });
    expect(created.status, created.text).toBe(201);
    const { page } = win;
    await page.goto('/agents');
    await page.getByRole('link', { name: 'Draft writer' }).click();
    expect(await page.getByRole('checkbox', { name: 'Create files' }).isChecked()).toBe(false);

    await page.getByRole('textbox', { name: 'Name' }).fill('Press release writer');
    await page.getByRole('textbox', { name: 'Description' }).fill('Drafts press releases.');
    await page.getByRole('checkbox', { name: 'Create documents' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = await org.admin.http.get(`/v1/agents/${created.body.id}`);
    // The keys the form does not edit are kept.
    expect(saved.body).toMatchObject({
      name: 'Press release writer',
      description: 'Drafts press releases.',
      config: { tools: ['create_document'], temperature: 0.2 },
    });

    await page.getByRole('button', { name: 'Archive agent' }).click();
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Press release writer' }).count()).toBe(0);
    // An archived agent is gone from the API's view.
    expect((await org.admin.http.get(`/v1/agents/${created.body.id}`)).status).toBe(404);
  });
});

describe('triggers of an agent', () => {
  it('adds a cron trigger with its next times previewed, a webhook with its secret shown once, fires, edits, deletes', async () => {
    const created = await org.admin.http.post('/v1/agents', { name: 'Morning digest', system_prompt: 'You digest.' });
    expect(created.status, created.text).toBe(201);
    const { page } = win;
    await page.goto(`/agents/${created.body.id}`);
    const section = page.getByRole('region', { name: 'Triggers' });
    await section.getByText('Nothing starts this agent by itself yet.').waitFor();

    await section.getByRole('button', { name: 'New trigger' }).click();
    await section.getByRole('textbox', { name: 'Cron expression' }).fill('30 9 * * MON-FRI');
    const preview = section.getByRole('list', { name: 'Next fire times' });
    await expect.poll(() => preview.getByRole('listitem').count()).toBe(5);
    expect(await section.textContent()).toContain('in the organization’s time zone (UTC)');
    await section.getByRole('textbox', { name: 'Prompt' }).fill('Summarise yesterday.');
    await section.getByRole('button', { name: 'Add trigger' }).click();
    const cron = section.getByRole('listitem').filter({ hasText: '30 9 * * MON-FRI' });
    await cron.getByText('Never fired.').waitFor();
    expect(await preview.count()).toBe(0);
    const stored = await org.admin.http.get(`/v1/agents/${created.body.id}/triggers`);
    expect(stored.body.data).toMatchObject([
      { type: 'cron', schedule: '30 9 * * MON-FRI', payload: { prompt: 'Summarise yesterday.' }, enabled: true },
    ]);
    await expectNoSeriousA11yViolations(page);

    await section.getByRole('button', { name: 'New trigger' }).click();
    await section.getByRole('combobox', { name: 'Starts' }).selectOption({ label: 'From a webhook' });
    await section.getByRole('textbox', { name: 'Webhook label' }).fill('GitHub');
    await section.getByRole('button', { name: 'Add trigger' }).click();
    const notice = page.getByRole('region', { name: 'New webhook' });
    await notice.getByText('it will not be shown again').waitFor();
    const url = await notice.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
    const secret = await notice.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(url).toContain('/hooks/');
    expect(secret.length).toBeGreaterThan(16);
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await section.getByRole('listitem').filter({ hasText: 'GitHub' }).waitFor();
    expect(await page.content()).not.toContain(secret);

    await cron.getByRole('button', { name: 'Fire now On a schedule: 30 9 * * MON-FRI' }).click();
    await cron.getByText('Started a run.').waitFor();

    await cron.getByRole('button', { name: 'Edit On a schedule: 30 9 * * MON-FRI' }).click();
    await cron.getByRole('textbox', { name: 'Cron expression' }).fill('0 7 * * *');
    await cron.getByRole('checkbox', { name: 'Enabled' }).uncheck();
    await cron.getByRole('button', { name: 'Save trigger' }).click();
    const edited = section.getByRole('listitem').filter({ hasText: '0 7 * * *' });
    await expect.poll(() => edited.textContent()).toContain('· Off');
    const after = await org.admin.http.get(`/v1/agents/${created.body.id}/triggers`);
    expect(after.body.data.find((t: { type: string }) => t.type === 'cron')).toMatchObject({
      schedule: '0 7 * * *',
      enabled: false,
      payload: { prompt: 'Summarise yesterday.' },
    });

    await edited.getByRole('button', { name: 'Delete On a schedule: 0 7 * * *' }).click();
    await edited.waitFor({ state: 'detached' });
    expect((await org.admin.http.get(`/v1/agents/${created.body.id}/triggers`)).body.data).toMatchObject([
      { type: 'webhook', schedule: 'GitHub' },
    ]);
  });
});

describe('skills', () => {
  it('creates, edits and archives a skill of the organization, and an agent takes it as a default skill', async () => {
    const { page } = win;
    await page.goto('/agents');
    await agentsArea().getByRole('link', { name: 'Skills' }).click();
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New skill' }).click();

    await page.getByRole('textbox', { name: 'Slug' }).fill('-bad slug');
    await page.getByRole('button', { name: 'Create skill' }).click();
    await page.getByText('Use letters, digits, - and _, starting and ending with a letter or digit.').waitFor();
    await page.getByRole('textbox', { name: 'Slug' }).fill('tide-tables');
    await page.getByRole('textbox', { name: 'Name' }).fill('Tide tables');
    await page.getByRole('textbox', { name: 'When to use' }).fill('When a question is about tides.');
    await page.getByRole('textbox', { name: 'Instructions' }).fill('Read the tide table before answering.');
    await page.getByRole('button', { name: 'Create skill' }).click();
    await page.getByRole('heading', { name: 'Tide tables', level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('textbox', { name: 'Instructions' }).fill('Read the tide table twice before answering.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const skills = await org.admin.http.get('/v1/skills?source=org');
    expect(skills.body.data).toMatchObject([
      { slug: 'tide-tables', version: 2, instructions: 'Read the tide table twice before answering.' },
    ]);

    await page.goto('/agents/new');
    await page.getByRole('textbox', { name: 'Name' }).fill('Harbour master');
    await page.getByRole('textbox', { name: 'Instructions' }).fill('You plan harbour traffic.');
    await page.getByRole('checkbox', { name: 'Tide tables' }).check();
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'Harbour master', level: 1 }).waitFor();
    const agents = await org.admin.http.get('/v1/agents?search=Harbour');
    expect(agents.body.data).toMatchObject([{ default_skill_slugs: ['tide-tables'] }]);

    await page.goto(`/agents/skills/${skills.body.data[0].id}`);
    await page.getByRole('button', { name: 'Archive skill' }).click();
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Tide tables' }).count()).toBe(0);
  });
});
