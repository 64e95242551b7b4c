import { type components, unwrap } from '@atrium/client';
import { readAllPages } from '../../lib/all-pages.ts';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Trigger = components['schemas']['Trigger'];
export type CreatedTrigger = components['schemas']['CreatedTrigger'];
export type TriggerType = Trigger['type'];

/** What a trigger starts: an agent or a workflow (the API has the same trigger routes under both). */
export interface TriggerOwner {
  kind: 'agents' | 'workflows';
  id: string;
}

/** What the form edits: the schedule (cron expression, event name or webhook label), the prompt, on or off. */
export interface TriggerFields {
  schedule: string;
  payload: Record<string, unknown>;
  enabled: boolean;
}

/** The events an event trigger may listen to (the server's INTERNAL_EVENTS). */
export const TRIGGER_EVENTS = [
  'thread.created',
  'message.created',
  'run.completed',
  'run.failed',
  'project_file.ready',
  'artifact.created',
] as const;

export const SCHEDULE_MAX = 255;

export const triggerKeys = {
  of: (owner: TriggerOwner) => ['triggers', owner.kind, owner.id] as const,
  organizationTimeZone: ['organization', 'time-zone'] as const,
};

// The typed client takes literal paths; both owners' routes have the same parameters and answers.
const listPath = (owner: TriggerOwner) =>
  owner.kind === 'agents' ? ('/v1/agents/{id}/triggers' as const) : ('/v1/workflows/{id}/triggers' as const);
const triggerPath = (owner: TriggerOwner) =>
  owner.kind === 'agents'
    ? ('/v1/agents/{id}/triggers/{triggerId}' as const)
    : ('/v1/workflows/{id}/triggers/{triggerId}' as const);
const fireNowPath = (owner: TriggerOwner) =>
  owner.kind === 'agents'
    ? ('/v1/agents/{id}/triggers/{triggerId}/fire-now' as const)
    : ('/v1/workflows/{id}/triggers/{triggerId}/fire-now' as const);

export async function listTriggers(client: AtriumClient, owner: TriggerOwner) {
  return readAllPages(async (cursor) =>
    unwrap(
      await client.api.GET(listPath(owner), { params: { path: { id: owner.id }, query: { limit: 100, cursor } } }),
    ),
  );
}

export async function createTrigger(
  client: AtriumClient,
  owner: TriggerOwner,
  type: TriggerType,
  fields: TriggerFields,
) {
  return unwrap(
    await client.api.POST(listPath(owner), { params: { path: { id: owner.id } }, body: { type, ...fields } }),
  );
}

export async function updateTrigger(
  client: AtriumClient,
  owner: TriggerOwner,
  triggerId: string,
  fields: TriggerFields,
) {
  return unwrap(
    await client.api.PATCH(triggerPath(owner), { params: { path: { id: owner.id, triggerId } }, body: fields }),
  );
}

export async function deleteTrigger(client: AtriumClient, owner: TriggerOwner, triggerId: string) {
  unwrap(await client.api.DELETE(triggerPath(owner), { params: { path: { id: owner.id, triggerId } } }));
}

export async function fireTrigger(client: AtriumClient, owner: TriggerOwner, triggerId: string) {
  return unwrap(await client.api.POST(fireNowPath(owner), { params: { path: { id: owner.id, triggerId } }, body: {} }));
}

/** The organization's time zone; only its admins may read the organization, so null for everyone else. */
export async function readOrganizationTimeZone(client: AtriumClient): Promise<string | null> {
  const { data } = await client.api.GET('/v1/organization');
  return data?.primary_timezone ?? null;
}
