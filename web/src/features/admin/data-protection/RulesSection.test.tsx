import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { signIn } from '../../../test/fixtures.tsx';
import type { DlpRule } from './dlp-api.ts';
import { CARD, fill, openPage, rule, rulesPage } from './testing.tsx';

let fake: FakeClient;
let rules: DlpRule[];

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  rules = [
    rule(),
    rule({ id: '0190a000-0000-7000-8000-0000000000d2', name: 'Test cards', pattern: '4111', action: 'allow' }),
  ];
  fake.on('GET', '/v1/organization/dlp-rules', () => ok(rulesPage(rules)));
  fake.on('PATCH', '/v1/organization/dlp-rules/{ruleId}', (init: CallInit) => {
    const id = init.params?.path?.ruleId;
    rules = rules.map((r) => (r.id === id ? { ...r, ...(init.body as object) } : r));
    return ok(rules.find((r) => r.id === id));
  });
});

const newRule = () => screen.getByRole('region', { name: 'New rule' });
const item = async (name: string) => screen.findByRole('listitem', { name });

describe('the DLP rules', () => {
  it('lists the rules oldest first with their pattern in code, action and state, and says how they decide', async () => {
    rules[1] = { ...rules[1]!, is_active: false };
    openPage(fake);
    const list = await screen.findByRole('list', { name: 'Rules' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName('Card numbers');
    expect(items[1]).toHaveAccessibleName('Test cards');
    expect(within(items[0]!).getByText(CARD).tagName).toBe('CODE');
    expect(within(items[0]!).getByText('Deny')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Allow')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Inactive')).toBeInTheDocument();
    expect(
      screen.getByText(/Order does not matter: a message is blocked when an active deny rule matches/),
    ).toBeVisible();
  });

  it('checks the pattern as the API does before sending, then shows the API’s own message on the field', async () => {
    // The API's refusal of a pattern this browser accepts (another engine version): its words land on the field.
    fake.on(
      'POST',
      '/v1/organization/dlp-rules',
      fail(400, 'invalid_request', 'pattern: Invalid regular expression: Invalid escape'),
    );
    openPage(fake);
    const person = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Rules' });
    const form = newRule();
    await person.click(within(form).getByRole('button', { name: 'Create rule' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/1 to 100 characters/);
    expect(within(form).getByRole('textbox', { name: 'Pattern' })).toHaveAttribute('aria-invalid', 'true');

    await fill(person, within(form).getByRole('textbox', { name: 'Name' }), '  Secrets  ');
    await fill(person, within(form).getByRole('textbox', { name: 'Pattern' }), 'secret(');
    await person.click(within(form).getByRole('button', { name: 'Create rule' }));
    expect(within(form).getByRole('textbox', { name: 'Pattern' })).toHaveAccessibleDescription(
      /Invalid regular expression: Unterminated group/,
    );
    expect(fake.api.POST).not.toHaveBeenCalled();

    await fill(person, within(form).getByRole('textbox', { name: 'Pattern' }), 'secret()');
    await person.click(within(form).getByRole('button', { name: 'Create rule' }));
    expect(await within(form).findByText('Invalid regular expression: Invalid escape')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Pattern' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/dlp-rules', {
      body: { name: 'Secrets', pattern: 'secret()', action: 'deny', is_active: true },
    });
  });

  it('creates a rule, and shows the API’s refusal past the limit', async () => {
    fake.on('POST', '/v1/organization/dlp-rules', (init: CallInit) => {
      const made = rule({ id: '0190a000-0000-7000-8000-0000000000d3', ...(init.body as object) });
      rules = [...rules, made];
      return ok(made, 201);
    });
    openPage(fake);
    const person = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Rules' });
    await fill(person, within(newRule()).getByRole('textbox', { name: 'Name' }), 'Internal');
    await fill(person, within(newRule()).getByRole('textbox', { name: 'Pattern' }), 'internal only');
    await person.selectOptions(within(newRule()).getByRole('combobox', { name: 'Action' }), 'allow');
    await person.click(within(newRule()).getByRole('checkbox', { name: /Active/ }));
    await person.click(within(newRule()).getByRole('button', { name: 'Create rule' }));
    expect(await within(newRule()).findByRole('status')).toHaveTextContent('Created Internal.');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/dlp-rules', {
      body: { name: 'Internal', pattern: 'internal only', action: 'allow', is_active: false },
    });
    expect(await item('Internal')).toHaveTextContent('Inactive');
    expect(within(newRule()).getByRole('textbox', { name: 'Name' })).toHaveValue('');

    fake.on(
      'POST',
      '/v1/organization/dlp-rules',
      fail(409, 'limit_reached', 'At most 200 DLP rules are allowed here; delete one first'),
    );
    await fill(person, within(newRule()).getByRole('textbox', { name: 'Name' }), 'One more');
    await fill(person, within(newRule()).getByRole('textbox', { name: 'Pattern' }), 'x');
    await person.click(within(newRule()).getByRole('button', { name: 'Create rule' }));
    expect(await within(newRule()).findByRole('alert')).toHaveTextContent('At most 200 DLP rules are allowed here');
  });

  it('changes only what changed, switches a rule off and on, and deletes after asking', async () => {
    fake.on('DELETE', '/v1/organization/dlp-rules/{ruleId}', () => {
      rules = rules.slice(1);
      return { status: 204 };
    });
    openPage(fake);
    const person = userEvent.setup({ delay: null });
    const cards = await item('Card numbers');
    await person.click(within(cards).getByRole('button', { name: 'Change Card numbers' }));
    const editor = within(cards).getByRole('region', { name: 'Change Card numbers' });
    await person.click(within(editor).getByRole('button', { name: 'Save rule' }));
    expect(within(editor).getByRole('status')).toHaveTextContent('Nothing to save');
    await person.selectOptions(within(editor).getByRole('combobox', { name: 'Action' }), 'allow');
    await person.click(within(editor).getByRole('button', { name: 'Save rule' }));
    expect(fake.api.PATCH).toHaveBeenLastCalledWith('/v1/organization/dlp-rules/{ruleId}', {
      params: { path: { ruleId: rules[0]!.id } },
      body: { action: 'allow' },
    });

    await person.click(within(cards).getByRole('button', { name: 'Deactivate Card numbers' }));
    expect(fake.api.PATCH).toHaveBeenLastCalledWith('/v1/organization/dlp-rules/{ruleId}', {
      params: { path: { ruleId: rules[0]!.id } },
      body: { is_active: false },
    });
    await within(cards).findByRole('button', { name: 'Activate Card numbers' });
    expect(cards).toHaveTextContent('Inactive');

    await person.click(within(cards).getByRole('button', { name: 'Delete Card numbers' }));
    await person.click(within(cards).getByRole('button', { name: 'Delete rule' }));
    expect(fake.api.DELETE).toHaveBeenCalledWith('/v1/organization/dlp-rules/{ruleId}', {
      params: { path: { ruleId: '0190a000-0000-7000-8000-0000000000d1' } },
    });
    await screen.findByRole('listitem', { name: 'Test cards' });
    expect(screen.queryByRole('listitem', { name: 'Card numbers' })).toBeNull();
  });
});
