/** Component tests' helpers of the Console's billing pages (never imported by the app). */
import { Outlet } from 'react-router';
import type { FakeClient } from '../../../test/fake-client.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RequireSession } from '../../auth/index.ts';
import { billingRoutes } from './routes.ts';

const AT = '2030-01-01T00:00:00.000Z';
export const ORG = '0190a000-0000-7000-8000-0000000000a9';
export const ORG_PATH = `/console/billing/organizations/${ORG}`;

/** The part's real routes at `path`, under the session, as the Console mounts them. */
export const openBilling = (fake: FakeClient, path: string) =>
  renderRoutes(
    fake,
    [
      {
        path: '/console/billing',
        element: (
          <RequireSession>
            <Outlet />
          </RequireSession>
        ),
        children: billingRoutes,
      },
    ],
    path,
  );

export const wallet = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000e9',
  organization_id: ORG,
  balance_minor: 10000,
  currency: 'USD',
  enforcement_enabled: false,
  low_balance_threshold_minor: 0,
  low_balance: false,
  created_at: AT,
  updated_at: AT,
  ...overrides,
});

export const ledgerEntry = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000d9',
  organization_id: ORG,
  wallet_id: '0190a000-0000-7000-8000-0000000000e9',
  kind: 'credit',
  amount_minor: 10000,
  usage_event_id: null,
  note: 'Wire 42',
  created_by_user_id: null,
  created_at: AT,
  ...overrides,
});

export const limit = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000f9',
  scope: 'organization',
  scope_id: null,
  label: null,
  amount_minor: 50000,
  spent_minor: 12500,
  remaining_minor: 37500,
  percent_used: 25,
  ...overrides,
});
