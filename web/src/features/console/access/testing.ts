import type { ConsoleRole, SystemUser } from './access-api.ts';

/** Console roles and system users as the API shows them, for the Access pages' tests. */
export const OPERATOR_ROLE = '0190a000-0000-7000-8000-0000000000c1';
export const SALES_ROLE = '0190a000-0000-7000-8000-0000000000c2';

export const roleRow = (overrides: Partial<ConsoleRole> = {}): ConsoleRole => ({
  id: OPERATOR_ROLE,
  name: 'Operator',
  sections: ['platform', 'organizations', 'sales', 'operations', 'ai-platform', 'billing', 'access'],
  user_count: 2,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

export const salesRole = () => roleRow({ id: SALES_ROLE, name: 'Sales', sections: ['sales'], user_count: 0 });

export const systemUserRow = (overrides: Partial<SystemUser> = {}): SystemUser => ({
  id: '0190a000-0000-7000-8000-0000000000b1',
  organization_id: 'system',
  organization_name: 'Atrium',
  organization_is_system: true,
  first_name: 'Sam',
  last_name: 'Seller',
  display_name: 'Sam Seller',
  email: 'sam@atrium.test',
  role: 'member',
  is_suspended: false,
  is_developer: false,
  console_role_id: SALES_ROLE,
  console_role: 'Sales',
  department_id: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});
