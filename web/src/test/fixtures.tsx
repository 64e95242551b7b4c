import type { ReactElement } from 'react';
import { RequireSession } from '../features/auth/index.ts';
import { type FakeClient, ok } from './fake-client.ts';
import { renderRoutes } from './render.tsx';

/** Component tests' fixtures for the Admin and Console pages (never imported by the app). */
export const ME = '0190a000-0000-7000-8000-00000000000a';

export const page = <T,>(data: T[], next: string | null = null) =>
  ok({ data, has_more: next !== null, next_cursor: next });

/** A user as the API shows one; `overrides` set what a test is about. */
export const userRow = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-000000000002',
  organization_id: 'org',
  organization_name: 'Acme',
  organization_is_system: false,
  first_name: 'Max',
  last_name: 'Member',
  display_name: 'Max Member',
  email: 'max@example.test',
  role: 'member',
  is_suspended: false,
  is_developer: false,
  console_role_id: null,
  department_id: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

export const accountRow = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000a1',
  organization_id: 'org',
  name: 'Deploy bot',
  description: null,
  role: 'member',
  is_suspended: false,
  can_access_console: false,
  can_mint_cross_org: false,
  created_by_user_id: ME,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  last_used_at: null,
  ...overrides,
});

/** Signs the fake session in as `role` (an admin unless said otherwise). */
export function signIn(fake: FakeClient, role: 'admin' | 'member' = 'admin') {
  const expires = new Date(Date.now() + 8 * 3600_000).toISOString();
  fake.on(
    'GET',
    '/web/session',
    ok({ user: userRow({ id: ME, display_name: 'Ada Admin', role }), expires_at: expires }),
  );
}

/**
 * Signs the fake session in as an operator of the platform (the system organization): an admin, who holds every
 * console section, unless `sections` names the console role's sections.
 */
export function signInOperator(fake: FakeClient, sections?: string[]) {
  const expires = new Date(Date.now() + 8 * 3600_000).toISOString();
  const user = userRow({
    id: ME,
    organization_id: 'system',
    organization_name: 'Atrium',
    organization_is_system: true,
    display_name: 'Olga Operator',
    role: sections ? 'member' : 'admin',
    console_role_id: sections ? '0190a000-0000-7000-8000-0000000000c1' : null,
    console_role: sections ? 'Custom' : null,
    console_sections: sections ?? null,
  });
  fake.on('GET', '/web/session', ok({ user, expires_at: expires }));
}

/** One page at `path`, matched by `pattern` (for its params), under the session as the app renders it. */
export const renderPage = (fake: FakeClient, pattern: string, path: string, element: ReactElement) =>
  renderRoutes(fake, [{ path: pattern, element: <RequireSession>{element}</RequireSession> }], path);
