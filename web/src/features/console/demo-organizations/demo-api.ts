import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type DemoOrganization = components['schemas']['DemoOrganization'];

export interface NewDemoOrganization {
  name: string;
  /** ISO 8601: after it, the demo's members are refused (403 org_suspended). */
  expires_at: string;
  admin: { email: string; first_name: string; last_name: string };
}

export const demoKeys = {
  all: ['console', 'demo-organizations'] as const,
  list: ['console', 'demo-organizations', 'list'] as const,
};

const PAGE = 50;

/** The live (not deleted) demo organizations, newest first, a cursor page at a time, with their `total`. */
export async function listDemoOrganizations(client: AtriumClient, cursor: string | undefined) {
  const query = { limit: PAGE, cursor };
  return unwrap(await client.api.GET('/v1/admin/demo-organizations', { params: { query } }));
}

/** The demo, its first admin, and the admin's one-time password: the only time the API gives it. */
export async function createDemoOrganization(client: AtriumClient, body: NewDemoOrganization) {
  return unwrap(await client.api.POST('/v1/admin/demo-organizations', { body }));
}
