import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InterruptCard } from '../features/approvals/index.ts';
import { RequireSession } from '../features/auth/index.ts';
import { createFakeClient, type FakeClient, ok } from '../test/fake-client.ts';
import { renderWithClient } from '../test/render.tsx';
import { Navigation } from './Navigation.tsx';

const threadId = '0190a000-0000-7000-8000-000000000001';
const runId = '0190a000-0000-7000-8000-000000000002';

const pending = (n: number, hasMore = false) => ({
  data: Array.from({ length: n }, (_, i) => ({
    id: `0190a000-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`,
    type: 'approval',
    run_id: runId,
    thread_id: threadId,
    act_key: 'send',
    prompt: 'Send it?',
    options: ['approve', 'reject'],
    multi_select: false,
    kind: null,
    spend_limit: null,
    created_at: '2030-01-01T00:00:00.000Z',
  })),
  has_more: hasMore,
  next_cursor: hasMore ? 'next' : null,
});

let fake: FakeClient;
let waiting: ReturnType<typeof pending>;

/** The signed-in person, an admin of their organization or not. */
const signedInAs = (role: 'admin' | 'member') =>
  fake.on(
    'GET',
    '/web/session',
    ok({
      user: { id: 'me', display_name: 'Ada', role },
      expires_at: new Date(Date.now() + 8 * 3600_000).toISOString(),
    }),
  );

/** The navigation as the shell shows it, under the session. */
const renderNavigation = (extra?: ReactNode) =>
  renderWithClient(
    fake,
    <RequireSession>
      <Navigation />
      {extra}
    </RequireSession>,
  );

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/v1/approvals', () => ok(waiting));
  signedInAs('member');
});

const approvalsLink = () => screen.getByRole('link', { name: /^Approvals/ });

describe('Navigation', () => {
  it('links the four areas, and no Admin for a member', async () => {
    waiting = pending(0);
    renderNavigation();
    const nav = await screen.findByRole('navigation');
    for (const name of ['Threads', 'Projects', 'Approvals', 'Agents']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(nav).toContainElement(approvalsLink());
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('links Admin for an admin of the organization', async () => {
    waiting = pending(0);
    signedInAs('admin');
    renderNavigation();
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('links Console for an operator of the platform with a console section, and for no one else', async () => {
    waiting = pending(0);
    fake.on(
      'GET',
      '/web/session',
      ok({
        user: {
          id: 'me',
          display_name: 'Olga',
          role: 'member',
          organization_is_system: true,
          console_sections: ['sales'],
        },
        expires_at: new Date(Date.now() + 8 * 3600_000).toISOString(),
      }),
    );
    renderNavigation();
    expect(await screen.findByRole('link', { name: 'Console' })).toHaveAttribute('href', '/console');
  });

  it('links no Console for an admin of an ordinary organization', async () => {
    waiting = pending(0);
    signedInAs('admin');
    renderNavigation();
    await screen.findByRole('link', { name: 'Admin' });
    expect(screen.queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });

  it('counts pending approvals in the name of the Approvals link, one page of 100 at most', async () => {
    waiting = pending(2);
    renderNavigation();
    await waitFor(() => expect(approvalsLink()).toHaveAccessibleName('Approvals 2'));
    expect(fake.api.GET).toHaveBeenCalledWith('/v1/approvals', { params: { query: { limit: 100 } } });
  });

  it('says "100+" when there are more than a page', async () => {
    waiting = pending(100, true);
    renderNavigation();
    await waitFor(() => expect(approvalsLink()).toHaveAccessibleName('Approvals 100+'));
  });

  describe('polling', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('refreshes the count every 15 seconds', async () => {
      waiting = pending(1);
      renderNavigation();
      await waitFor(() => expect(approvalsLink()).toHaveAccessibleName('Approvals 1'));
      const calls = fake.api.GET.mock.calls.length;

      waiting = pending(3);
      await act(() => vi.advanceTimersByTimeAsync(14_000));
      expect(fake.api.GET).toHaveBeenCalledTimes(calls);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(approvalsLink()).toHaveAccessibleName('Approvals 3'));
    });
  });

  it('refreshes the count as soon as an approval is answered', async () => {
    waiting = pending(2);
    fake.on('POST', '/v1/threads/{id}/runs/{runId}/approve', () => {
      waiting = pending(1);
      return ok({ run: { id: runId, status: 'running' } }, 202);
    });
    const interrupt = {
      id: pending(1).data[0]!.id,
      type: 'approval' as const,
      prompt: 'Send it?',
      options: [],
      multiSelect: false,
    };
    renderNavigation(<InterruptCard threadId={threadId} runId={runId} interrupt={interrupt} />);
    await waitFor(() => expect(approvalsLink()).toHaveAccessibleName('Approvals 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvalsLink()).toHaveAccessibleName('Approvals 1'));
  });

  it('shows no count when nothing waits', async () => {
    waiting = pending(0);
    renderNavigation();
    await waitFor(() => expect(fake.api.GET).toHaveBeenCalledWith('/v1/approvals', expect.anything()));
    expect(await screen.findByRole('link', { name: /^Approvals/ })).toHaveAccessibleName('Approvals');
  });
});
