import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers/app.ts';
import { CARD, DRY_RUN, postMessage } from '../../test/helpers/dlp.ts';
import { addUser, type TestOrg } from '../../test/helpers/fixtures.ts';
import { expectAccessibleAndNarrow } from './support/axe.ts';
import type { AppWindow } from './support/browser.ts';
import { captureScreens } from './support/screenshots.ts';
import { startE2e, stopE2e } from './support/setting.ts';

let app: TestApp;
let browser: Browser;
let org: TestOrg;
let win: AppWindow;

beforeAll(async () => {
  ({ app, browser, org, win } = await startE2e());
});
afterAll(() => stopE2e({ app, browser, win }));

const TEST_CARD = '4111 1111 1111 1111';

/** The count a completed dry run shows under `label`, as a number. */
async function countOf(section: Locator, label: string) {
  const text = await section.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent();
  return Number((text ?? '').replace(/,/g, ''));
}

/** Scrolls only the main column (the window stays put) to the element `id`, or to its top without one. */
const scrollTo = (page: Page, id?: string) =>
  page.evaluate((target) => {
    const main = document.getElementById('main')!;
    const to = target ? document.getElementById(target)!.getBoundingClientRect().top : main.getBoundingClientRect().top;
    main.scrollTo(0, main.scrollTop + to - main.getBoundingClientRect().top);
  }, id);

describe('the Data protection section', () => {
  it('an admin creates a deny rule and tries a text in the test box, with an allow draft', async () => {
    const { page } = win;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Data protection' }).click();
    await page.getByRole('heading', { name: 'Data protection', level: 1 }).waitFor();
    await page.getByText('No rules yet', { exact: false }).waitFor();

    const form = page.getByRole('region', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Card numbers');
    await form.getByRole('textbox', { name: 'Pattern' }).fill('\\d{4}(');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await form.getByText('Invalid regular expression: Unterminated group').waitFor();
    await form.getByRole('textbox', { name: 'Pattern' }).fill(CARD);
    await form.getByRole('button', { name: 'Create rule' }).click();
    await form.getByText('Created Card numbers.').waitFor();
    const rules = (await org.admin.http.get('/v1/organization/dlp-rules')).body.data;
    expect(rules).toMatchObject([{ name: 'Card numbers', pattern: CARD, action: 'deny', is_active: true }]);
    await page.getByRole('listitem', { name: 'Card numbers' }).locator('code', { hasText: CARD }).waitFor();

    const box = page.getByRole('region', { name: 'Test box' });
    await box.getByRole('textbox', { name: 'Text' }).fill(`Please charge ${TEST_CARD} for the demo`);
    await box.getByRole('button', { name: 'Test the text' }).click();
    await box.getByRole('status').getByText('Would be blocked').waitFor();

    const drafts = page.getByRole('region', { name: 'Draft rules' });
    await drafts.getByRole('button', { name: 'Add a draft rule' }).click();
    const draft = drafts.getByRole('group', { name: 'Draft 1' });
    await draft.getByRole('textbox', { name: 'Name' }).fill('Test cards');
    await draft.getByRole('textbox', { name: 'Pattern' }).fill('4111 1111 1111 1111');
    await draft.getByRole('combobox', { name: 'Action' }).selectOption('allow');
    await box.getByRole('button', { name: 'Test the text' }).click();
    await box.getByRole('status').getByText('Would be allowed').waitFor();
    const matches = box.getByRole('list', { name: 'Matching rules' });
    await matches.getByText('Draft', { exact: true }).waitFor();
    expect(await matches.getByRole('listitem').count()).toBe(2);
    await expectAccessibleAndNarrow(page);
    await captureScreens(page, 'admin-data-protection', () => scrollTo(page));
    await captureScreens(page, 'admin-data-protection-test-box', () => scrollTo(page, 'dlp-drafts'));
  });

  it('a dry run in the page counts what the API counts over a member’s messages', async () => {
    const { page } = win;
    // The rule would refuse the member's card numbers, so it is off while they write.
    const rule = page.getByRole('listitem', { name: 'Card numbers' });
    await rule.getByRole('button', { name: 'Deactivate Card numbers' }).click();
    await rule.getByText('Inactive', { exact: true }).waitFor();
    const member = await addUser(app, org.admin.http);
    await postMessage(member.http, 'Here is my card: 5500 0000 0000 0004, expires soon');
    await postMessage(member.http, `The demo card ${TEST_CARD} is fine to share`);
    await postMessage(member.http, 'Nothing sensitive in this one');
    await rule.getByRole('button', { name: 'Activate Card numbers' }).click();
    await rule.getByText('Active', { exact: true }).waitFor();
    const blocked = await member.http.post('/v1/threads', { title: 'after' });
    expect(
      (await member.http.post(`/v1/threads/${blocked.body.id}/messages`, { content: '5500 0000 0000 0004' })).status,
    ).toBe(422);

    const section = page.getByRole('region', { name: 'Dry run' });
    await section.getByRole('spinbutton', { name: 'Days' }).fill('1');
    await section.getByRole('checkbox', { name: 'Include my draft rules (1)' }).check();
    await section.getByRole('button', { name: 'Start the dry run' }).click();
    await section.getByRole('progressbar', { name: 'Progress' }).waitFor();
    await section.getByRole('status').getByText('Completed', { exact: false }).waitFor({ timeout: 30_000 });

    const id = new URL(page.url()).searchParams.get('dry_run');
    const run = (await org.admin.http.get(`${DRY_RUN}/${id}`)).body;
    expect(run).toMatchObject({ status: 'completed', progress: 100 });
    // Three user messages; the allow draft lets the demo card through.
    expect(run.result).toMatchObject({ scanned: 3, blocked: 1, truncated: false });
    expect(await countOf(section, 'Scanned')).toBe(run.result.scanned);
    expect(await countOf(section, 'Would have been blocked')).toBe(run.result.blocked);
    expect(await section.getByRole('progressbar', { name: 'Progress' }).getAttribute('value')).toBe('100');

    const example = run.result.examples[0];
    const row = section.getByRole('row').filter({ hasText: example.message_id });
    await row.getByText(example.excerpt, { exact: true }).waitFor();
    expect(await row.textContent()).not.toContain('5500 0000 0000 0004');
    const link = row.getByRole('link', { name: `Open thread of message ${example.message_id}` });
    expect(await link.getAttribute('href')).toBe(`/threads/${example.thread_id}`);
    await expectAccessibleAndNarrow(page);
    await captureScreens(page, 'admin-data-protection-dry-run', () => scrollTo(page, 'dlp-dry-run'));

    // The member's thread is theirs alone: the link opens it for those who can see it, and the admin is not one.
    await link.click();
    await page.waitForURL(`**/threads/${example.thread_id}`);
    await page.getByRole('heading', { name: 'Thread not found' }).waitFor();
  });
});
