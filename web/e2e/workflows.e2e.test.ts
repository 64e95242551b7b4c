import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { type AppWindow, DESKTOP, MOBILE } from './support/browser.ts';
import { deliveredRun, expectStoredReply } from './support/conversation.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
});
afterAll(() => stopE2e({ app, browser, win }));

/** A step's group: "Step 2" until it has a name, then "Step 2: Summarise" (a substring match finds both). */
const stepGroup = (name: string) => win.page.getByRole('group', { name });

async function createWorkflow(name: string, steps: unknown[]): Promise<string> {
  const res = await org.admin.http.post('/v1/workflows', { name, definition: { steps } });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const modelStep = (id: string, name: string, prompt: string) => ({
  id,
  name,
  depends_on: [],
  type: 'model',
  config: { prompt },
});

describe('workflows', () => {
  it('creates a two-step workflow through the form, checked as the API checks it, and runs it into a stored reply', async () => {
    const { page } = win;
    await page.goto('/agents');
    await page.getByRole('navigation', { name: 'Agents area' }).getByRole('link', { name: 'Workflows' }).click();
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    await page.getByText('No workflows yet.').waitFor();
    await page.getByRole('link', { name: 'New workflow' }).click();
    await page.getByRole('heading', { name: 'New workflow', level: 1 }).waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Otter digest');
    await page.getByRole('textbox', { name: 'Description' }).fill('Facts about a topic, then a summary.');
    await page.getByRole('button', { name: 'Add step' }).click();
    const first = stepGroup('Step 1');
    await first.getByRole('textbox', { name: 'Step id' }).fill('research');
    await first.getByRole('textbox', { name: 'Prompt' }).fill('List three facts about {{input.topic}}.');
    await first.getByRole('textbox', { name: 'Step name' }).fill('Research');
    await page.getByRole('button', { name: 'Add step' }).click();
    const second = stepGroup('Step 2');
    await second.getByRole('textbox', { name: 'Step id' }).fill('research');
    await second.getByRole('textbox', { name: 'Prompt' }).fill('Summarise: {{steps.research.output}}');
    await second.getByRole('textbox', { name: 'Step name' }).fill('Summarise');
    // Only earlier steps can be depended on: the first step offers none, the second offers the first.
    expect(await first.getByRole('group', { name: 'Depends on' }).getByRole('checkbox').count()).toBe(0);
    await second.getByRole('group', { name: 'Depends on' }).getByRole('checkbox', { name: 'Research' }).check();

    // The duplicate id is refused before anything is sent, and focus goes to it.
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByText('Step 1 already has this id; each step needs its own.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Fix the problem marked above.' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    const secondId = second.getByRole('textbox', { name: 'Step id' });
    expect(await secondId.evaluate((input) => input === document.activeElement)).toBe(true);
    await secondId.fill('summarise');
    await page.getByRole('button', { name: 'Create workflow' }).click();

    await page.getByRole('heading', { name: 'Otter digest', level: 1 }).waitFor();
    const workflowId = /\/agents\/workflows\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
    const stored = await org.admin.http.get(`/v1/workflows/${workflowId}`);
    expect(stored.body).toMatchObject({
      name: 'Otter digest',
      description: 'Facts about a topic, then a summary.',
      definition: {
        steps: [
          modelStep('research', 'Research', 'List three facts about {{input.topic}}.'),
          { ...modelStep('summarise', 'Summarise', 'Summarise: {{steps.research.output}}'), depends_on: ['research'] },
        ],
      },
    });
    await stepGroup('Step 2: Summarise').waitFor();
    await expectNoSeriousA11yViolations(page);
    // On a phone the page (the steps editor with it) fits the width: nothing scrolls sideways.
    await page.setViewportSize(MOBILE);
    const sideways = await page.evaluate(() =>
      [document.documentElement, document.getElementById('main')!].map((box) => box.scrollWidth - box.clientWidth),
    );
    expect(sideways).toEqual([0, 0]);
    await page.setViewportSize(DESKTOP);

    await page.getByRole('textbox', { name: 'Input' }).fill('{"topic": "sea otters"}');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/threads\/[0-9a-f-]{36}$/);
    const threadId = new URL(page.url()).pathname.split('/')[2]!;
    const { run, outputMessage } = await deliveredRun(org.admin.http, threadId);
    expect(run.status).toBe('completed');
    // The templates were filled from the input and the first step's output.
    expect(outputMessage.content).toContain('sea otters');
    await expectStoredReply(page, outputMessage.content);
  });

  it('asks the assistant for a change, applies its proposal to the steps and saves it', async () => {
    const id = await createWorkflow('Newsletter', [modelStep('draft', 'Draft', 'Draft the newsletter.')]);
    const { page } = win;
    await page.goto(`/agents/workflows/${id}`);
    const assistant = page.getByRole('region', { name: 'Assistant' });
    await assistant.getByRole('textbox', { name: 'Ask the assistant' }).fill('Add a review step after the draft.');
    await assistant.getByRole('button', { name: 'Send' }).click();

    // The built-in offline model answers the refine schema with its smallest valid instance: the text "offline"
    // and one model step whose strings all read "offline" (src/platform/models/offline/json-instance.ts).
    const conversation = assistant.getByRole('list', { name: 'Conversation with the assistant' });
    await expect
      .poll(() => conversation.getByRole('listitem').allTextContents())
      .toEqual(['YouAdd a review step after the draft.', 'Assistantoffline']);
    expect(
      await assistant.getByRole('list', { name: 'Proposed steps' }).getByRole('listitem').allTextContents(),
    ).toEqual(['offline (Model, id offline)offline']);
    await expectNoSeriousA11yViolations(page);

    await assistant.getByRole('button', { name: 'Apply proposal' }).click();
    await assistant.getByText('Applied to the steps above.').waitFor();
    await stepGroup('Step 1: offline').waitFor();
    expect(await stepGroup('Step 1: Draft').count()).toBe(0);
    // Applying saves nothing: the stored workflow changes only with "Save changes".
    expect((await org.admin.http.get(`/v1/workflows/${id}`)).body.definition.steps[0].id).toBe('draft');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await org.admin.http.get(`/v1/workflows/${id}`)).body.definition).toEqual({
      steps: [modelStep('offline', 'offline', 'offline')],
    });
  });

  it('adds a cron trigger to a workflow, then archives the workflow', async () => {
    const id = await createWorkflow('Weekly report', [modelStep('report', 'Report', 'Report on the week.')]);
    const { page } = win;
    await page.goto(`/agents/workflows/${id}`);
    const section = page.getByRole('region', { name: 'Triggers' });
    await section.getByText('Nothing starts this workflow by itself yet.').waitFor();
    await section.getByRole('button', { name: 'New trigger' }).click();
    await section.getByRole('textbox', { name: 'Cron expression' }).fill('0 8 * * MON');
    await section.getByRole('textbox', { name: 'Prompt' }).fill('Last week');
    await section.getByRole('button', { name: 'Add trigger' }).click();
    await section
      .getByRole('list', { name: 'Triggers of this workflow' })
      .getByRole('listitem')
      .filter({ hasText: '0 8 * * MON' })
      .getByText('Never fired.')
      .waitFor();
    const triggers = await org.admin.http.get(`/v1/workflows/${id}/triggers`);
    expect(triggers.body.data).toMatchObject([
      { type: 'cron', schedule: '0 8 * * MON', payload: { prompt: 'Last week' }, enabled: true },
    ]);
    expect(triggers.body.data[0].nextFireAt).toEqual(expect.any(String));

    await page.getByRole('button', { name: 'Archive workflow' }).click();
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Newsletter' }).waitFor();
    expect(await page.getByRole('link', { name: 'Weekly report' }).count()).toBe(0);
    expect((await org.admin.http.get(`/v1/workflows/${id}`)).status).toBe(404);
  });
});
