import type { DemoOrganization } from './demo-api.ts';

/** A demo organization as the API shows one, for the Demo organizations pages' tests. */
export const demoRow = (overrides: Partial<DemoOrganization> = {}): DemoOrganization => ({
  id: '0190a000-0000-7000-8000-0000000000d1',
  name: 'Globex trial',
  is_system: false,
  is_suspended: false,
  plan_id: null,
  plan_name: 'Free',
  subscription_id: null,
  subscription_status: 'active',
  policy_overrides: {},
  industry: null,
  primary_language: 'en',
  primary_timezone: 'UTC',
  user_count: 1,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  deleted_at: null,
  plan_slug: 'free',
  task_count_last30d: 0,
  expires_at: '2999-01-15T00:00:00.000Z',
  ...overrides,
});
