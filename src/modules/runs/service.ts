import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { emitInternalEvent, messageEvent } from '../../platform/events/internal.ts';
import { invalidRequest, notFound } from '../../platform/http/errors.ts';
import { type Cursor, decodeCursor, toPage } from '../../platform/http/pagination.ts';
import type { ThreadsService } from '../threads/service.ts';
import { principalIdOf } from '../threads/service.ts';
import type { ThreadRow } from '../threads/store.ts';
import { toThreadView } from '../threads/views.ts';
import type { AttachmentResolver } from './attachments.ts';
import { insertRun, insertUserMessage, type Launch } from './launch.ts';
import type { PostMessageInput, StartRunInput } from './schemas.ts';
import { buildSnapshot, type SnapshotArtifacts } from './snapshot.ts';
import { messagesStore, runsStore } from './store.ts';
import { toMessageView, toRunView } from './views.ts';

export interface DlpCheck {
  check(organizationId: string, text: string, db?: Executor): Promise<void>;
}

export interface RunsServiceDeps {
  db: Executor;
  threads: Pick<ThreadsService, 'getVisible'>;
  dlp: DlpCheck;
  attachments: AttachmentResolver;
  artifacts: SnapshotArtifacts;
  /** Called after a commit that enqueued run work, so the worker claims it without waiting for its poll. */
  onRunEnqueued: () => void;
  /**
   * Refuses a new run on the thread (e.g. 409 `agent_archived` for a thread of an archived agent); read in the
   * launching transaction, before the run is inserted.
   */
  launchGuard: (tx: Executor, thread: ThreadRow) => Promise<void>;
}

const launchOf = (ctx: RequestContext, thread: ThreadRow): Launch => ({
  thread,
  createdByType: ctx.actor.kind,
  createdById: principalIdOf(ctx),
  userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
  channel: 'api',
  agentId: thread.createdByType === 'agent' ? thread.createdById : null,
  workflowId: thread.createdByType === 'workflow' ? thread.createdById : null,
});

/** Messages and runs of the threads a caller can see: posting, reading and starting. */
export function createRunsService(deps: RunsServiceDeps) {
  const { db } = deps;

  async function visibleRun(ctx: RequestContext, threadId: string, runId: string, ex: Executor = db) {
    await deps.threads.getVisible(ctx, threadId, ex);
    const run = await runsStore.find(ex, ctx.organizationId, runId, threadId);
    if (!run) throw notFound('Run');
    return run;
  }

  /**
   * DLP and attachments are checked before the transaction opens (they only read, and a costly DLP rule must not
   * hold a transaction); the message and, when asked, the run with its start command are then written atomically.
   */
  async function validate(
    ctx: RequestContext,
    threadId: string,
    input: Pick<PostMessageInput, 'content' | 'attachments'>,
  ) {
    const thread = await deps.threads.getVisible(ctx, threadId);
    await deps.dlp.check(ctx.organizationId, input.content);
    return { thread, attachments: await deps.attachments.resolve(ctx, thread, input.attachments ?? [], db) };
  }

  /** Writes the message (and the run) on the thread `validate` found visible: threads are never deleted. */
  async function post(
    ctx: RequestContext,
    { thread, attachments }: Awaited<ReturnType<typeof validate>>,
    input: Pick<PostMessageInput, 'content' | 'metadata'>,
    startRun: boolean,
    tx: Executor,
  ) {
    const launch = launchOf(ctx, thread);
    const message = await insertUserMessage(tx, launch, {
      content: input.content,
      attachments,
      metadata: input.metadata ?? {},
    });
    await emitInternalEvent(tx, thread.organizationId, 'message.created', messageEvent(message));
    if (startRun) await deps.launchGuard(tx, thread);
    const run = startRun ? await insertRun(tx, launch, message.id) : null;
    return { thread, message, run };
  }

  return {
    visibleRun,

    async postMessage(ctx: RequestContext, threadId: string, input: PostMessageInput) {
      const checked = await validate(ctx, threadId, input);
      const result = await db.transaction((tx) => post(ctx, checked, input, input.run, tx));
      if (result.run) deps.onRunEnqueued();
      return { message: toMessageView(result.message), run: result.run ? toRunView(result.run) : null };
    },

    /** The canonical start-run: answers new content, or the thread's latest user message without it. */
    async startRun(ctx: RequestContext, threadId: string, input: StartRunInput) {
      const { content } = input;
      if (content !== undefined && content.trim() === '') throw invalidRequest('content must not be blank');
      const checked = content === undefined ? null : await validate(ctx, threadId, { ...input, content });
      const result = await db.transaction(async (tx) => {
        if (checked && content !== undefined) {
          const posted = await post(ctx, checked, { ...input, content }, true, tx);
          return { ...posted, run: posted.run! };
        }
        const thread = await deps.threads.getVisible(ctx, threadId, tx);
        const latest = await messagesStore.latestFromUser(tx, ctx.organizationId, threadId);
        if (!latest) throw invalidRequest('The thread has no message to answer; send content');
        await deps.launchGuard(tx, thread);
        const run = await insertRun(tx, { ...launchOf(ctx, thread), input: input.input }, latest.id);
        return { thread, message: latest, run };
      });
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
  };
}

const cursorOf = (row: { createdAt: Date; id: string }): Cursor => ({ v: row.createdAt.toISOString(), id: row.id });

export type RunsService = ReturnType<typeof createRunsService>;
