import { type components, unwrap } from '@atrium/client';
import { readAllPages } from '../../lib/all-pages.ts';
import type { AtriumClient } from '../../lib/client-context.tsx';

export type Trigger = components['schemas']['Trigger'];
export type CreatedTrigger = components['schemas']['CreatedTrigger'];
export type TriggerType = Trigger['type'];

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
  ofAgent: (agentId: string) => ['triggers', 'agent', agentId] as const,
  organizationTimeZone: ['organization', 'time-zone'] as const,
};

export async function listAgentTriggers(client: AtriumClient, id: string) {
  return readAllPages(async (cursor) =>
    unwrap(
      await client.api.GET('/v1/agents/{id}/triggers', { params: { path: { id }, query: { limit: 100, cursor } } }),
    ),
  );
}

export async function createAgentTrigger(client: AtriumClient, id: string, type: TriggerType, fields: TriggerFields) {
  return unwrap(
    await client.api.POST('/v1/agents/{id}/triggers', { params: { path: { id } }, body: { type, ...fields } }),
  );
}

export async function updateAgentTrigger(client: AtriumClient, id: string, triggerId: string, fields: TriggerFields) {
  return unwrap(
    await client.api.PATCH('/v1/agents/{id}/triggers/{triggerId}', {
      params: { path: { id, triggerId } },
      body: fields,
    }),
  );
}

export async function deleteAgentTrigger(client: AtriumClient, id: string, triggerId: string) {
  unwrap(await client.api.DELETE('/v1/agents/{id}/triggers/{triggerId}', { params: { path: { id, triggerId } } }));
}

export async function fireAgentTrigger(client: AtriumClient, id: string, triggerId: string) {
  return unwrap(
    await client.api.POST('/v1/agents/{id}/triggers/{triggerId}/fire-now', {
      params: { path: { id, triggerId } },
      body: {},
    }),
  );
}

/** The organization's time zone; only its admins may read the organization, so null for everyone else. */
export async function readOrganizationTimeZone(client: AtriumClient): Promise<string | null> {
  const { data } = await client.api.GET('/v1/organization');
  return data?.primary_timezone ?? null;
}
