import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FREE, PRO, plan } from '../../../../test/billing-fixtures.ts';
import { createFakeClient, type FakeClient, fail, ok } from '../../../../test/fake-client.ts';
import { signInOperator } from '../../../../test/fixtures.tsx';
import { openBilling } from '../testing.tsx';

const FREE_PLAN = plan();
const PRO_PLAN = plan({ id: PRO, slug: 'pro', name: 'Pro', price_minor: 4900, is_active: false });
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signInOperator(fake, ['billing']);
  fake.on('GET', '/v1/admin/plans', ok({ data: [FREE_PLAN, PRO_PLAN] }));
});

const open = (path: string) => openBilling(fake, path);
const field = (name: string) => screen.getByRole('textbox', { name });

describe('Console plans', () => {
  it('lists every plan, inactive ones marked, with its price', async () => {
    open('/console/billing');
    const table = await screen.findByRole('table', { name: 'Cheapest first' });
    expect(within(table).getByRole('row', { name: 'Free free $0.00 Active' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Pro pro $49.00 Inactive' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pro' })).toHaveAttribute('href', `/console/billing/plans/${PRO}`);
  });

  it('refuses what the API would before creating a plan, then sends exactly the form', async () => {
    fake.on('POST', '/v1/admin/plans', ok(plan({ id: PRO, slug: 'team', name: 'Team', price_minor: 1234 }), 201));
    const { router } = open('/console/billing/plans/new');
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Slug' }), 'Team Plan');
    await person.type(field('Monthly price (US dollars)'), '12.345');
    await person.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(field('Name')).toHaveAccessibleDescription(/Give the plan a name\./);
    expect(field('Slug')).toHaveAccessibleDescription(/Only lower-case letters, digits and hyphens\./);
    expect(field('Monthly price (US dollars)')).toHaveAccessibleDescription(/Give an amount like 12\.34\./);
    expect(fake.api.POST).not.toHaveBeenCalled();

    await person.type(field('Name'), ' Team ');
    await person.clear(field('Slug'));
    await person.type(field('Slug'), 'team');
    await person.clear(field('Monthly price (US dollars)'));
    await person.type(field('Monthly price (US dollars)'), '12.34');
    await person.click(screen.getByRole('checkbox', { name: 'Offered to organizations (active)' }));
    await person.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/admin/plans', {
      body: { slug: 'team', name: 'Team', price_minor: 1234, is_active: false },
    });
    await screen.findByRole('heading', { name: 'Plans' });
    expect(router.state.location.pathname).toBe('/console/billing');
  });

  it('puts the API’s refusal on the field it names', async () => {
    fake.on('POST', '/v1/admin/plans', fail(409, 'duplicate_slug', 'A plan with this slug already exists'));
    open('/console/billing/plans/new');
    const person = userEvent.setup();
    await person.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pro');
    await person.type(field('Slug'), 'pro');
    await person.type(field('Monthly price (US dollars)'), '49');
    await person.click(screen.getByRole('button', { name: 'Create plan' }));
    await screen.findByText('A plan with this slug already exists');
    expect(field('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('saves only what was changed, and keeps the free plan’s slug', async () => {
    fake.on('PATCH', '/v1/admin/plans/{id}', ok({ ...FREE_PLAN, price_minor: 100 }));
    open(`/console/billing/plans/${FREE}`);
    const person = userEvent.setup();
    const slug = await screen.findByRole('textbox', { name: 'Slug' });
    await person.type(slug, '-tier');
    await person.clear(field('Monthly price (US dollars)'));
    await person.type(field('Monthly price (US dollars)'), '1');
    await person.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(slug).toHaveAccessibleDescription(/The free plan keeps its slug/);
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.clear(slug);
    await person.type(slug, 'free');
    await person.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/admin/plans/{id}', {
      params: { path: { id: FREE } },
      body: { price_minor: 100 },
    });
  });
});
