import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClient, type FakeClient, fail, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import { useSession } from './use-session.ts';
import { RENEW_BEFORE_MS, useSessionRenewal } from './use-session-renewal.ts';

const MINUTE = 60_000;
const user = { id: '0190a000-0000-7000-8000-00000000000a', display_name: 'Ada Admin' };

function SessionProbe() {
  const session = useSession();
  useSessionRenewal(session.data?.expires_at);
  if (session.isPending) return <p>checking</p>;
  return <p>{session.data ? `expires ${session.data.expires_at}` : 'signed out'}</p>;
}

let fake: FakeClient;
const at = (ms: number) => new Date(ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fake = createFakeClient();
});
afterEach(() => vi.useRealTimers());

const renewCalls = () => fake.api.POST.mock.calls.filter(([path]) => path === '/web/session/renew').length;

describe('useSessionRenewal', () => {
  it('renews 30 minutes before expiry, and again before the new expiry', async () => {
    const firstExpiry = Date.now() + RENEW_BEFORE_MS + 2 * MINUTE;
    const secondExpiry = firstExpiry + 8 * 60 * MINUTE;
    fake.on('GET', '/web/session', ok({ user, expires_at: at(firstExpiry) }));
    fake.on('POST', '/web/session/renew', ok({ expires_at: at(secondExpiry) }));
    renderWithClient(fake, <SessionProbe />);
    await screen.findByText(`expires ${at(firstExpiry)}`);

    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    expect(renewCalls()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 1_000));
    await screen.findByText(`expires ${at(secondExpiry)}`);
    expect(renewCalls()).toBe(1);

    // The next renewal waits for the new expiry's window, hours away.
    await act(() => vi.advanceTimersByTimeAsync(60 * MINUTE));
    expect(renewCalls()).toBe(1);
  });

  it('renews at once when the window has already begun (a tab woken from sleep)', async () => {
    fake.on('GET', '/web/session', ok({ user, expires_at: at(Date.now() + 5 * MINUTE) }));
    fake.on('POST', '/web/session/renew', ok({ expires_at: at(Date.now() + 8 * 60 * MINUTE) }));
    renderWithClient(fake, <SessionProbe />);
    await waitFor(() => expect(renewCalls()).toBe(1));
  });

  it('ends the session when the server refuses to renew it', async () => {
    fake.on('GET', '/web/session', ok({ user, expires_at: at(Date.now() + 5 * MINUTE) }));
    fake.on('POST', '/web/session/renew', fail(401, 'invalid_credentials', 'Session revoked'));
    renderWithClient(fake, <SessionProbe />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('tries again a minute later when the server cannot be reached', async () => {
    fake.on('GET', '/web/session', ok({ user, expires_at: at(Date.now() + 5 * MINUTE) }));
    const renewed = at(Date.now() + 8 * 60 * MINUTE);
    let reachable = false;
    fake.on('POST', '/web/session/renew', () =>
      reachable ? ok({ expires_at: renewed }) : fail(503, 'server_busy', 'Busy'),
    );
    renderWithClient(fake, <SessionProbe />);
    await waitFor(() => expect(renewCalls()).toBe(1));
    reachable = true;
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    await waitFor(() => expect(renewCalls()).toBe(2));
    expect(await screen.findByText(`expires ${renewed}`)).toBeInTheDocument();
  });
});
