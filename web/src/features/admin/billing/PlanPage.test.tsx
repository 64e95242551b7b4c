import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FREE, PRO, plan, subscription } from '../../../test/billing-fixtures.ts';
import { type CallInit, createFakeClient, type FakeClient, fail, ok } from '../../../test/fake-client.ts';
import { renderPage, signIn } from '../../../test/fixtures.tsx';
import { PlanPage } from './PlanPage.tsx';

const PLANS = [plan(), plan({ id: PRO, slug: 'pro', name: 'Pro', price_minor: 4900, description: 'For teams' })];
let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/plans', ok({ data: PLANS }));
});

const open = () => renderPage(fake, '/admin/billing/plan', '/admin/billing/plan', <PlanPage />);
const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;

describe('PlanPage', () => {
  it('changes the plan after asking, and shows the new one as current', async () => {
    let current = subscription();
    fake.on('GET', '/v1/organization/subscription', () => ok(current));
    fake.on('POST', '/v1/organization/subscription/change-plan', (init: CallInit) => {
      expect(init.body).toEqual({ plan_id: PRO });
      current = subscription({ id: 'new', plan_id: PRO, plan_name: 'Pro', plan_slug: 'pro' });
      return ok(current);
    });
    open();
    const person = userEvent.setup();
    const free = await card('Free');
    expect(await within(free).findByText('Current plan')).toBeInTheDocument();
    expect(within(free).queryByRole('button')).toBeNull();
    const pro = await card('Pro');
    expect(within(pro).getByText('$49.00 a month')).toBeInTheDocument();
    await person.click(within(pro).getByRole('button', { name: 'Switch to Pro' }));
    const question = within(pro).getByRole('group', { name: /Switch to Pro at \$49\.00 a month\?/ });
    expect(question).toHaveAccessibleName(
      'Switch to Pro at $49.00 a month? Free ends now and Pro starts today for a month.',
    );
    expect(fake.api.POST).not.toHaveBeenCalled();
    await person.click(within(question).getByRole('button', { name: 'Switch to Pro' }));
    expect(await within(pro).findByRole('status')).toHaveTextContent('Now on Pro.');
    expect(await within(pro).findByText('Current plan')).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Current subscription' });
    expect(await within(facts).findByText('Pro')).toBeInTheDocument();
  });

  it('shows the API’s 409 refusals of a change and of a cancel', async () => {
    fake.on('GET', '/v1/organization/subscription', ok(subscription()));
    fake.on(
      'POST',
      '/v1/organization/subscription/change-plan',
      fail(409, 'managed_externally', 'The subscription is managed by the payment processor'),
    );
    fake.on(
      'POST',
      '/v1/organization/subscription/cancel',
      fail(409, 'managed_externally', 'Cancel it with the payment processor'),
    );
    open();
    const person = userEvent.setup();
    const pro = await card('Pro');
    await person.click(within(pro).getByRole('button', { name: 'Switch to Pro' }));
    await person.click(within(pro).getByRole('button', { name: 'Switch to Pro' }));
    expect(await within(pro).findByRole('alert')).toHaveTextContent(
      'The subscription is managed by the payment processor',
    );

    const current = screen.getByRole('region', { name: 'Current subscription' });
    await person.click(within(current).getByRole('button', { name: 'Cancel subscription' }));
    expect(within(current).getByRole('group')).toHaveAccessibleName(
      'Cancel the subscription now? Chats and runs are refused until you choose a plan again.',
    );
    await person.click(within(current).getByRole('button', { name: 'Cancel it now' }));
    expect(await within(current).findByRole('alert')).toHaveTextContent('Cancel it with the payment processor');
  });

  it('says when no subscription is live and offers every plan to subscribe to', async () => {
    fake.on('GET', '/v1/organization/subscription', fail(404, 'not_found', 'No live subscription'));
    fake.on('POST', '/v1/organization/subscription/change-plan', fail(409, 'same_plan', 'Already on this plan'));
    open();
    const person = userEvent.setup();
    expect(await screen.findByText(/No live subscription: chats and runs are refused/)).toBeInTheDocument();
    const free = await card('Free');
    await person.click(within(free).getByRole('button', { name: 'Subscribe to Free' }));
    await person.click(within(free).getByRole('button', { name: 'Subscribe to Free' }));
    expect(await within(free).findByRole('alert')).toHaveTextContent('Already on this plan');
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/subscription/change-plan', {
      body: { plan_id: FREE },
    });
  });
});
