/** Component tests' rows of the Billing pages, as the API answers them (never imported by the app). */
const AT = '2030-01-01T00:00:00.000Z';

export const PRO = '0190a000-0000-7000-8000-0000000000f2';
export const FREE = '0190a000-0000-7000-8000-0000000000f1';

export const plan = (overrides: Record<string, unknown> = {}) => ({
  id: FREE,
  slug: 'free',
  name: 'Free',
  description: null,
  price_minor: 0,
  currency: 'USD',
  is_active: true,
  created_at: AT,
  updated_at: AT,
  ...overrides,
});

export const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000e1',
  organization_id: 'org',
  plan_id: FREE,
  plan_name: 'Free',
  plan_slug: 'free',
  status: 'active',
  billing_source: 'manual',
  processor_subscription_id: null,
  trial_ends_at: null,
  started_at: AT,
  current_period_start: AT,
  current_period_end: '2030-02-01T00:00:00.000Z',
  cancel_at_period_end: false,
  canceled_at: null,
  created_at: AT,
  updated_at: AT,
  ...overrides,
});

export const profile = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000d1',
  organization_id: 'org',
  name: 'Head office',
  is_default: true,
  legal_name: 'Acme FZ-LLC',
  tax_id: null,
  registration_number: null,
  billing_email: 'billing@acme.test',
  billing_contact_name: null,
  billing_contact_phone: null,
  address_line1: null,
  address_line2: null,
  address_country: 'AE',
  address_city: null,
  address_postal_code: null,
  currency: 'AED',
  payment_terms: 'net_30',
  default_payment_method: 'wire',
  created_at: AT,
  updated_at: AT,
  ...overrides,
});

export const invoice = (overrides: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000c1',
  organization_id: 'org',
  subscription_id: null,
  billing_profile_id: null,
  status: 'open',
  period_start: '2030-01-01',
  period_end: '2030-01-31',
  total_usd_minor: 4900,
  total_minor: 17995,
  currency: 'AED',
  fx_rate: '3.6725',
  due_date: '2030-03-02',
  issued_at: '2030-02-01T00:00:00.000Z',
  paid_at: null,
  billing_snapshot: { legal_name: 'Acme FZ-LLC', address_country: 'AE' },
  subscription_snapshot: { plan_name: 'Pro' },
  amount_paid_minor: 5000,
  amount_due_minor: 12995,
  payments: [{ id: '0190a000-0000-7000-8000-0000000000b9', amount_minor: 5000, note: 'Wire 1', created_at: AT }],
  line_items: [
    { id: '0190a000-0000-7000-8000-0000000000b1', description: 'Pro plan', amount_minor: 4900, currency: 'USD' },
    {
      id: '0190a000-0000-7000-8000-0000000000b2',
      description: 'AI usage 2030-01-01 to 2030-01-31',
      amount_minor: 0,
      currency: 'USD',
    },
  ],
  notes: null,
  created_at: AT,
  updated_at: AT,
  ...overrides,
});
