import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { InternalEvents } from '../../platform/events/internal.ts';
import { invalidRequest, notFound } from '../../platform/http/errors.ts';
import { type Cursor, decodeCursor, toPage } from '../../platform/http/pagination.ts';
import type { CreateThreadInput } from '../threads/schemas.ts';
import type { ThreadRow } from '../threads/service.ts';
import { type ThreadsService, toThreadView, viewerOf } from '../threads/service.ts';
import type { AttachmentResolver } from './attachments.ts';
import { type Launch, type NewMessage, writeLaunch } from './launch.ts';
import type { PostMessageInput, StartRunInput } from './schemas.ts';
import { buildSnapshot, type SnapshotArtifacts } from './snapshot.ts';
import { messagesStore, runsStore } from './store.ts';
import { toMessageView, toRunView } from './views.ts';

// The module's public face beyond its service: what another module's run executor (the workflow engine) and tool
// provider (the artifact generators) use. Everything else of the module stays inside it.
export * from './engine/kit.ts';
export { artifactResult, defineTool, errorResult, text } from './tools/define.ts';
export { RUN_TOOL_NAMES } from './tools/names.ts';
export type { RunTool, ToolContext, ToolDefinition, ToolOutcome } from './tools/types.ts';
export { toolInstruction } from './tools/types.ts';
export type { Launch };
export { toMessageView, toRunView };

export interface DlpCheck {
  check(organizationId: string, text: string, db?: Executor): Promise<void>;
}

export interface RunsServiceDeps {
  db: Executor;
  threads: Pick<ThreadsService, 'getVisible' | 'createRow'>;
  dlp: DlpCheck;
  attachments: AttachmentResolver;
  artifacts: SnapshotArtifacts;
  /** Called after a commit that enqueued run work, so the worker claims it without waiting for its poll. */
  onRunEnqueued: () => void;
  /** Where a new user message is announced to event triggers, in the posting transaction. */
  internalEvents: InternalEvents;
  /**
   * Refuses a new run of an agent or workflow that cannot take one (409 `agent_archived`, `workflow_archived`);
   * read in the launching transaction, before anything is written.
   */
  launchGuard: (tx: Executor, launch: Launch) => Promise<void>;
  /**
   * What a launch without a request (a trigger's fire) must pass too: the organization may use models and its
   * spend enforcement lets the run start (402).
   */
  admit: (tx: Executor, launch: Launch) => Promise<void>;
}

/** Where a run starts: a thread the caller can see, or a new one written in the run's own transaction. */
export type RunPlace =
  /** `of`: the thread must have been created by this agent (an alias that answers only its own threads). */
  { threadId: string; of?: { type: 'agent'; id: string } } | { newThread: CreateThreadInput };

/** The visible thread of a place, refused with 400 when it belongs to something other than the place asks. */
function checkOwner(place: RunPlace, thread: ThreadRow): ThreadRow {
  if ('threadId' in place && place.of && (thread.createdByType !== place.of.type || thread.createdById !== place.of.id))
    throw invalidRequest(`The thread must be a thread of this ${place.of.type}`);
  return thread;
}

export type RunStart = StartRunInput & {
  /** Binds the run to this workflow whatever thread it is in; otherwise the thread's agent or workflow runs. */
  workflowId?: string;
};

const launchOf = (ctx: RequestContext, thread: ThreadRow, workflowId?: string): Launch => ({
  thread,
  createdByType: ctx.actor.kind,
  createdById: principalIdOf(ctx),
  userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
  channel: 'api',
  agentId: !workflowId && thread.createdByType === 'agent' ? thread.createdById : null,
  workflowId: workflowId ?? (thread.createdByType === 'workflow' ? thread.createdById : null),
});

/** Messages and runs of the threads a caller can see: posting, reading and starting. */
export function createRunsService(deps: RunsServiceDeps) {
  const { db } = deps;

  async function visibleRun(ctx: RequestContext, threadId: string, runId: string, ex: Executor = db) {
    const found = await runsStore.findInVisibleThread(ex, ctx.organizationId, threadId, runId, viewerOf(ctx));
    if (!found) throw notFound('Thread');
    if (!found.run) throw notFound('Run');
    return found.run;
  }

  /**
   * DLP and attachments are checked before the transaction opens (they only read, and a costly DLP rule must not
   * hold a transaction); the message and, when asked, the run with its start command are then written atomically.
   * A new thread has nothing to attach yet.
   */
  async function validate(
    ctx: RequestContext,
    place: RunPlace,
    input: Pick<PostMessageInput, 'content' | 'attachments'>,
  ) {
    const thread = 'threadId' in place ? checkOwner(place, await deps.threads.getVisible(ctx, place.threadId)) : null;
    await deps.dlp.check(ctx.organizationId, input.content);
    const refs = input.attachments ?? [];
    if (!thread && refs.length > 0) throw invalidRequest('A new thread has nothing to attach; send no attachments');
    return { thread, attachments: thread ? await deps.attachments.resolve(ctx, thread, refs, db) : [] };
  }

  /** The thread `validate` found visible (threads are never deleted), or the new one, created in `tx`. */
  async function placeIn(ctx: RequestContext, place: RunPlace, found: ThreadRow | null, tx: Executor) {
    if (found) return found;
    if ('newThread' in place) return deps.threads.createRow(ctx, place.newThread, tx);
    return checkOwner(place, await deps.threads.getVisible(ctx, place.threadId, tx));
  }

  /** Writes the message and, when asked, the run with its start command (after the launch's checks). */
  async function post(
    ctx: RequestContext,
    thread: ThreadRow,
    message: { content: string; attachments: unknown[]; metadata?: Record<string, unknown> },
    run: { start: boolean; workflowId?: string; input?: Record<string, unknown> },
    ex: Executor,
  ) {
    const launch = { ...launchOf(ctx, thread, run.workflowId), input: run.input };
    if (run.start) await deps.launchGuard(ex, launch);
    const written = await writeLaunch(ex, deps.internalEvents, launch, {
      message: { ...message, metadata: message.metadata ?? {} },
      run: run.start,
    });
    return { thread, message: written.message!, run: written.run };
  }

  return {
    visibleRun,

    async postMessage(ctx: RequestContext, threadId: string, input: PostMessageInput) {
      const checked = await validate(ctx, { threadId }, input);
      // The thread exists (threads are never deleted) and the write is one statement: no transaction to open.
      const result = await post(ctx, checked.thread!, { ...input, ...checked }, { start: input.run }, db);
      if (result.run) deps.onRunEnqueued();
      return { message: toMessageView(result.message), run: result.run ? toRunView(result.run) : null };
    },

    /**
     * The canonical start-run, also behind the agent and workflow run routes: answers new content, or the
     * thread's latest user message without it (an existing thread only).
     */
    async startRun(ctx: RequestContext, place: RunPlace, input: RunStart) {
      const { content } = input;
      if (content !== undefined && content.trim() === '') throw invalidRequest('content must not be blank');
      if (content === undefined && 'newThread' in place) throw invalidRequest('A new thread needs content');
      const checked = content === undefined ? null : await validate(ctx, place, { ...input, content });
      const runOptions = { start: true, workflowId: input.workflowId, input: input.input };
      const launch = async (tx: Executor) => {
        const thread = await placeIn(ctx, place, checked?.thread ?? null, tx);
        if (checked && content !== undefined) {
          const posted = await post(
            ctx,
            thread,
            { ...input, content, attachments: checked.attachments },
            runOptions,
            tx,
          );
          return { ...posted, run: posted.run! };
        }
        const latest = await messagesStore.latestFromUser(tx, ctx.organizationId, thread.id);
        if (!latest) throw invalidRequest('The thread has no message to answer; send content');
        const launch = { ...launchOf(ctx, thread, input.workflowId), input: input.input };
        await deps.launchGuard(tx, launch);
        const written = await writeLaunch(tx, deps.internalEvents, launch, {
          message: null,
          run: { inputMessageId: latest.id },
        });
        return { thread, message: latest, run: written.run! };
      };
      // Only a new thread is a write of its own before the launch's; the launch alone is one statement.
      const result = 'newThread' in place ? await db.transaction(launch) : await launch(db);
      deps.onRunEnqueued();
      return {
        message: toMessageView(result.message),
        run: toRunView(result.run),
        thread: toThreadView(result.thread),
      };
    },

    async transcript(ctx: RequestContext, threadId: string, rawCursor: string | undefined, limit: number) {
      await deps.threads.getVisible(ctx, threadId);
      const rows = await messagesStore.page(db, ctx.organizationId, threadId, decodeCursor(rawCursor), limit);
      return toPage(rows, limit, cursorOf, toMessageView);
    },

    async listRuns(ctx: RequestContext, threadId: string, rawCursor: string | undefined, limit: number) {
      await deps.threads.getVisible(ctx, threadId);
      const rows = await runsStore.listForThread(db, ctx.organizationId, threadId, decodeCursor(rawCursor), limit);
      return toPage(rows, limit, cursorOf, toRunView);
    },

    async snapshot(ctx: RequestContext, threadId: string, runId: string) {
      const run = await visibleRun(ctx, threadId, runId);
      return buildSnapshot(db, deps.artifacts, run);
    },

    /**
     * A launch without a request (a trigger's fire), written in the caller's transaction: the user message and
     * the queued run answering it (402 `no_active_subscription`, `insufficient_balance`, `spend_limit_reached` first). The caller checked who may launch and
     * wakes the worker after its commit.
     */
    async launchIn(tx: Executor, launch: Launch, message: NewMessage) {
      await deps.admit(tx, launch);
      const written = await writeLaunch(tx, deps.internalEvents, launch, { message, run: true });
      return { message: written.message!, run: written.run! };
    },
  };
}

const cursorOf = (row: { createdAt: Date; id: string }): Cursor => ({ v: row.createdAt.toISOString(), id: row.id });

export type RunsService = ReturnType<typeof createRunsService>;
