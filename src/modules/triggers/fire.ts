import { createHash } from 'node:crypto';
import type { Executor } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import type { Launch, MessageRow, RunRow, RunsService } from '../runs/service.ts';
import type { ThreadRow, ThreadsService } from '../threads/service.ts';
import type { TriggerTarget } from './schemas.ts';
import { triggersStore as store, type TriggerRow } from './store.ts';

/** Longest message text a fire writes; the whole input is the run's input regardless. */
const MAX_RENDERED_CHARS = 100_000;

export interface FireDeps {
  threads: Pick<ThreadsService, 'insertForTrigger' | 'find'>;
  runs: Pick<RunsService, 'launchIn'>;
  /** The organization's DLP rules: a fire whose message they block creates nothing (422 `dlp_blocked`). */
  dlp: { check(organizationId: string, text: string, ex?: Executor): Promise<void> };
}

export interface FireOptions {
  /** The run input: the trigger's payload, merged with the webhook body or the event. */
  input: Record<string, unknown>;
  /** fire-now with `threadId`: one run on that thread instead of new threads. */
  thread?: ThreadRow;
  /**
   * Makes a repeated delivery of one fire a no-op: thread ids derive from it, and a fire whose first thread
   * exists already happened.
   */
  onceKey?: string;
}

export interface Fired {
  thread: ThreadRow;
  message: MessageRow;
  run: RunRow;
}

/** The message a fire posts: the payload's `prompt` when it has one, then the rest of the input as JSON. */
export function renderMessage(trigger: Pick<TriggerRow, 'id' | 'type'>, input: Record<string, unknown>): string {
  const prompt = typeof input.prompt === 'string' && input.prompt.trim() !== '' ? input.prompt : null;
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !(prompt && key === 'prompt')));
  const head = prompt ?? `The ${trigger.type} trigger ${trigger.id} fired.`;
  const text = Object.keys(rest).length > 0 ? `${head}\n\n\`\`\`json\n${JSON.stringify(rest, null, 2)}\n\`\`\`` : head;
  return text.length > MAX_RENDERED_CHARS ? `${text.slice(0, MAX_RENDERED_CHARS - 1)}…` : text;
}

/** A UUID (version 8, name-based) derived from a key, so a repeated fire computes the same thread ids. */
function derivedId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Destination {
  ownerId: string;
  projectId: string | null;
  /** The person charged for the run's usage, when the owner is a live user. */
  userId: string | null;
}

/** One thread per live target user, or one thread in the target project owned by the trigger's creator. */
async function destinations(tx: Executor, trigger: TriggerRow): Promise<Destination[]> {
  const target = trigger.target as TriggerTarget;
  const org = trigger.organizationId;
  if (target.type === 'project') {
    const [creator] = await store.liveUserIds(tx, org, [trigger.createdBy]);
    return [{ ownerId: trigger.createdBy, projectId: target.project_id, userId: creator ?? null }];
  }
  const ids = target.type === 'user' ? [target.user_id] : target.user_ids;
  const live = new Set(await store.liveUserIds(tx, org, ids));
  return ids.filter((id) => live.has(id)).map((id) => ({ ownerId: id, projectId: null, userId: id }));
}

/**
 * Fires a trigger in the caller's transaction: per destination a thread (owned by the target, attributed to the
 * agent or workflow), a user message rendering the input and a queued run with that input, attributed to the
 * agent or workflow. Used by fire-now, the scheduler, event jobs and webhooks; the caller wakes the job worker
 * after commit. Returns what it created ([] when a repeated `onceKey` finds the fire done or no target is left).
 */
export async function fireTrigger(tx: Executor, deps: FireDeps, trigger: TriggerRow, options: FireOptions) {
  const org = trigger.organizationId;
  const content = renderMessage(trigger, options.input);
  await deps.dlp.check(org, content, tx);
  const attribution = {
    createdByType: trigger.ownerType,
    createdById: trigger.ownerId,
    channel: 'trigger',
    agentId: trigger.ownerType === 'agent' ? trigger.ownerId : null,
    workflowId: trigger.ownerType === 'workflow' ? trigger.ownerId : null,
    input: options.input,
  };
  const threads: { thread: ThreadRow; userId: string | null }[] = [];
  if (options.thread) {
    const [owner] = await store.liveUserIds(tx, org, [options.thread.ownerId]);
    threads.push({ thread: options.thread, userId: owner ?? null });
  } else {
    const targets = await destinations(tx, trigger);
    const idOf = (d: Destination) =>
      options.onceKey ? derivedId(`${options.onceKey}:${d.ownerId}:${d.projectId}`) : newId();
    if (options.onceKey && targets[0] && (await deps.threads.find(org, idOf(targets[0]), tx))) return [];
    for (const d of targets) {
      const thread = await deps.threads.insertForTrigger(tx, {
        id: idOf(d),
        organizationId: org,
        ownerId: d.ownerId,
        createdByType: trigger.ownerType,
        createdById: trigger.ownerId,
        title: null,
        projectId: d.projectId,
      });
      threads.push({ thread, userId: d.userId });
    }
  }
  const fired: Fired[] = [];
  for (const { thread, userId } of threads) {
    const launch: Launch = { thread, userId, ...attribution };
    const metadata = { trigger_id: trigger.id, trigger_type: trigger.type };
    fired.push({ thread, ...(await deps.runs.launchIn(tx, launch, { content, attachments: [], metadata })) });
  }
  if (fired.length > 0) await store.markFired(tx, org, trigger.id);
  return fired;
}
