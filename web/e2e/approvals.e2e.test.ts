import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import { awaiting, waitForRun } from '../../test/helpers/runs.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { assistantReplies, deliveredRun, expectStoredReply } from './support/conversation.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;
let workflowId: string;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
  // A workflow whose second step waits for a person: the run pauses on an approval before it.
  const created = await org.admin.http.post('/v1/workflows', {
    name: 'Announcement',
    definition: {
      steps: [
        { id: 'draft', name: 'Draft', depends_on: [], type: 'model', config: { prompt: 'Draft the announcement' } },
        {
          id: 'send',
          name: 'Send',
          depends_on: ['draft'],
          type: 'model',
          config: { prompt: 'Send it' },
          requires_confirmation: true,
          confirmation_message: 'Send the announcement to everyone?',
        },
      ],
    },
  });
  expect(created.status, created.text).toBe(201);
  workflowId = created.body.id;
});
afterAll(() => stopE2e({ app, browser, win }));

/** Runs the workflow over the API and waits until it pauses on its approval. */
async function pausedRun(): Promise<{ threadId: string; runId: string }> {
  const res = await org.admin.http.post(`/v1/workflows/${workflowId}/run`, { input: {} });
  expect(res.status, res.text).toBe(201);
  const ids = { threadId: res.body.thread.id as string, runId: res.body.run.id as string };
  await waitForRun(org.admin.http, ids.threadId, ids.runId, awaiting);
  return ids;
}

const approvalsLink = () =>
  win.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ });

describe('approvals', () => {
  it('counts a waiting approval in the navigation and approves it in place from the inbox', async () => {
    const { page } = win;
    const { threadId } = await pausedRun();
    await page.goto('/threads');
    await expect.poll(() => approvalsLink().textContent()).toBe('Approvals 1');

    await approvalsLink().click();
    const card = page.getByRole('group', { name: 'Approval needed' });
    await card.getByText('Send the announcement to everyone?').waitFor();
    // Each card names the thread it waits in, as a link to it.
    const title = (await org.admin.http.get(`/v1/threads/${threadId}`)).body.title ?? 'Untitled thread';
    const threadLink = page.getByRole('listitem').filter({ has: card }).getByRole('link', { name: title });
    expect(await threadLink.getAttribute('href')).toBe(`/threads/${threadId}`);
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('button', { name: 'Approve' }).click();

    await expect.poll(() => approvalsLink().textContent()).toBe('Approvals');
    await page.getByText('Nothing is waiting for you.').waitFor();
    const { run } = await deliveredRun(org.admin.http, threadId);
    expect(run.status).toBe('completed');
  });

  it('attaches to the paused run when its thread opens, and rejects it there with a reason', async () => {
    const { page } = win;
    const { threadId, runId } = await pausedRun();
    await page.goto(`/threads/${threadId}`);
    const reply = assistantReplies(page).last();
    const card = reply.getByRole('group', { name: 'Approval needed' });
    await card.getByText('Send the announcement to everyone?').waitFor();
    expect(await reply.getByRole('status').textContent()).toBe('Waiting for you');
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(1);

    await card.getByRole('button', { name: 'Reject' }).click();
    await card.getByRole('textbox', { name: 'Reason' }).fill('Not before the launch');
    await card.getByRole('button', { name: 'Confirm rejection' }).click();

    const done = await waitForRun(org.admin.http, threadId, runId);
    expect(done.run.status).toBe('completed');
    expect(done.outputMessage.content).toContain('Not before the launch');
    await expectStoredReply(page, 'Not before the launch');
    await expect.poll(() => approvalsLink().textContent()).toBe('Approvals');
  });
});
