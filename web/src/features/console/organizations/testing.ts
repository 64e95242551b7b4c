import { ok } from '../../../test/fake-client.ts';

/** Component tests' fixtures for the organization pages (never imported by the app). */
export const ORG_ID = '0190a000-0000-7000-8000-0000000000b1';

/** An organization as the console's API shows one; `overrides` set what a test is about. */
export const orgRow = (overrides: Record<string, unknown> = {}) => ({
  id: ORG_ID,
  name: 'Acme',
  is_system: false,
  is_suspended: false,
  plan_id: '0190a000-0000-7000-8000-0000000000p1',
  plan_name: 'Free',
  plan_slug: 'free',
  subscription_id: '0190a000-0000-7000-8000-0000000000s1',
  subscription_status: 'active',
  policy_overrides: {},
  industry: 'Retail',
  primary_language: 'en',
  primary_timezone: 'UTC',
  user_count: 3,
  task_count_last30d: 42,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  deleted_at: null,
  ...overrides,
});

/** A page of the organizations list, with the API's total. */
export const orgPage = (data: unknown[], total: number, next: string | null = null) =>
  ok({ data, has_more: next !== null, next_cursor: next, total });
