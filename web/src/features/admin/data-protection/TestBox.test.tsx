import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { signIn } from '../../../test/fixtures.tsx';
import { fill, openPage, rule, rulesPage } from './testing.tsx';

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/dlp-rules', ok(rulesPage([rule()])));
});

const box = () => screen.getByRole('region', { name: 'Test box' });
const drafts = () => screen.getByRole('region', { name: 'Draft rules' });
const CARD_TEXT = 'card 4111 1111';

describe('the DLP test box', () => {
  it('checks the text’s bounds, then shows the server’s verdict with an undecided rule marked', async () => {
    fake.on(
      'POST',
      '/v1/organization/dlp-rules/test',
      ok({ allowed: false, matches: [{ rule_id: rule().id, name: 'Card numbers', action: 'deny', undecided: true }] }),
    );
    openPage(fake);
    const person = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Rules' });
    await person.click(within(box()).getByRole('button', { name: 'Test the text' }));
    expect(within(box()).getByRole('textbox', { name: 'Text' })).toHaveAccessibleDescription(/1 to 100,000 characters/);
    expect(fake.api.POST).not.toHaveBeenCalled();

    await fill(person, within(box()).getByRole('textbox', { name: 'Text' }), CARD_TEXT);
    await person.click(within(box()).getByRole('button', { name: 'Test the text' }));
    expect(await within(box()).findByRole('status')).toHaveTextContent('Would be blocked');
    const blocking = within(box()).getByRole('list', { name: 'Matching rules' });
    expect(blocking).toHaveTextContent('Card numbers');
    expect(blocking).toHaveTextContent('Undecided: not checked in time, counted as matching');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/dlp-rules/test', {
      body: { text: CARD_TEXT, rules: [] },
    });
  });

  it('sends the draft rules beside the text and marks the drafts among the matches', async () => {
    fake.on(
      'POST',
      '/v1/organization/dlp-rules/test',
      ok({
        allowed: true,
        matches: [
          { rule_id: rule().id, name: 'Card numbers', action: 'deny', undecided: false },
          { rule_id: null, name: 'Test cards', action: 'allow', undecided: false },
        ],
      }),
    );
    openPage(fake);
    const person = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Rules' });
    await fill(person, within(box()).getByRole('textbox', { name: 'Text' }), CARD_TEXT);
    await person.click(within(drafts()).getByRole('button', { name: 'Add a draft rule' }));
    const draft = within(drafts()).getByRole('group', { name: 'Draft 1' });
    await fill(person, within(draft).getByRole('textbox', { name: 'Name' }), 'Test cards');
    await fill(person, within(draft).getByRole('textbox', { name: 'Pattern' }), '4111');
    await person.selectOptions(within(draft).getByRole('combobox', { name: 'Action' }), 'allow');
    await person.click(within(box()).getByRole('button', { name: 'Test the text' }));
    expect(await within(box()).findByRole('status')).toHaveTextContent('Would be allowed');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/dlp-rules/test', {
      body: { text: CARD_TEXT, rules: [{ name: 'Test cards', pattern: '4111', action: 'allow' }] },
    });
    const items = within(within(box()).getByRole('list', { name: 'Matching rules' })).getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent('Draft');
    expect(items[1]).toHaveTextContent('Test cards Allow Draft');
  });

  it('checks each draft as the API does, and puts the API’s words on the draft it names', async () => {
    fake.on(
      'POST',
      '/v1/organization/dlp-rules/test',
      fail(400, 'invalid_request', 'rules.1.name: Too big: expected string to have <=100 characters'),
    );
    openPage(fake);
    const person = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Rules' });
    await fill(person, within(box()).getByRole('textbox', { name: 'Text' }), 'hello');
    await person.click(within(drafts()).getByRole('button', { name: 'Add a draft rule' }));
    await person.click(within(drafts()).getByRole('button', { name: 'Add a draft rule' }));
    const first = within(drafts()).getByRole('group', { name: 'Draft 1' });
    const second = within(drafts()).getByRole('group', { name: 'Draft 2' });
    await fill(person, within(first).getByRole('textbox', { name: 'Name' }), 'Broken');
    await fill(person, within(first).getByRole('textbox', { name: 'Pattern' }), '[a-');
    await fill(person, within(second).getByRole('textbox', { name: 'Name' }), 'Fine');
    await fill(person, within(second).getByRole('textbox', { name: 'Pattern' }), 'fine');
    await person.click(within(box()).getByRole('button', { name: 'Test the text' }));
    expect(within(first).getByRole('textbox', { name: 'Pattern' })).toHaveAccessibleDescription(
      'Invalid regular expression: Unterminated character class',
    );
    expect(within(second).getByRole('textbox', { name: 'Pattern' })).toHaveAttribute('aria-invalid', 'false');
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.clear(within(first).getByRole('textbox', { name: 'Pattern' }));
    await fill(person, within(first).getByRole('textbox', { name: 'Pattern' }), '[a-z]');
    await person.click(within(box()).getByRole('button', { name: 'Test the text' }));
    expect(await within(second).findByText('Too big: expected string to have <=100 characters')).toBeVisible();
    expect(within(second).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(box()).queryByRole('alert')).toBeNull();

    await person.click(within(first).getByRole('button', { name: 'Remove draft 1' }));
    expect(within(drafts()).getAllByRole('group')).toHaveLength(1);
    expect(within(drafts()).getByRole('textbox', { name: 'Name' })).toHaveValue('Fine');
  });
});
