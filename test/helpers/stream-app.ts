import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { RunSnapshot, RunSnapshotReader, SnapshotAct } from '../../src/modules/runs/streaming/index.ts';
import { registerRunStreamRoutes } from '../../src/modules/runs/streaming/index.ts';
import type { Actor, RequestContext } from '../../src/platform/auth/actor.ts';
import type { CredentialResolver } from '../../src/platform/auth/credentials.ts';
import { registerGuard } from '../../src/platform/auth/guard.ts';
import { createMemoryEventBus, type EventBus, runEvent } from '../../src/platform/events/index.ts';
import { registerErrorHandler } from '../../src/platform/http/error-handler.ts';
import { notFound } from '../../src/platform/http/errors.ts';
import { registerGracefulClose } from '../../src/platform/http/graceful-close.ts';
import { registerRequestIds } from '../../src/platform/http/request-ids.ts';
import type { SseConfig, SseHub } from '../../src/platform/http/sse.ts';
import { newId } from '../../src/platform/ids.ts';

/**
 * The stream routes on a Fastify app made of the real platform pieces (request ids, error envelope, guard),
 * with fakes only at the edges the lead's services will fill: credentials and the run snapshot reader.
 */
export const ORG_A = newId();
export const ORG_B = newId();
export const KEY_A = 'key-of-organization-a';
export const KEY_B = 'key-of-organization-b';
export const KEY_BLOCKED = 'key-of-a-suspended-organization';

function actorOf(organizationId: string): Actor {
  return {
    kind: 'service_account',
    serviceAccountId: newId(),
    apiKeyId: newId(),
    organizationId,
    organizationName: 'Org',
    organizationIsSystem: false,
    role: 'member',
    canAccessConsole: false,
    canMintCrossOrg: false,
  };
}

const fakeResolver: CredentialResolver = {
  async liveKey() {
    return null;
  },
  async liveKeyByDigest() {
    return null;
  },
  async resolve(credential) {
    if (credential.type !== 'api_key') return null;
    if (credential.key === KEY_A) return { actor: actorOf(ORG_A), organizationBlocked: false };
    if (credential.key === KEY_B) return { actor: actorOf(ORG_B), organizationBlocked: false };
    if (credential.key === KEY_BLOCKED) return { actor: actorOf(ORG_A), organizationBlocked: true };
    return null;
  },
};

/** A run held in memory, changed the way the worker does it: persist first, then publish. */
export class FakeRun {
  readonly organizationId: string;
  state: RunSnapshot;

  constructor(
    private readonly bus: EventBus,
    init: {
      organizationId?: string;
      status?: RunSnapshot['run']['status'];
      partialText?: string;
      acts?: SnapshotAct[];
    } = {},
  ) {
    this.organizationId = init.organizationId ?? ORG_A;
    const now = new Date().toISOString();
    this.state = {
      run: {
        id: newId(),
        thread_id: newId(),
        status: init.status ?? 'running',
        agent_id: null,
        workflow_id: null,
        error: null,
        created_at: now,
        updated_at: now,
        completed_at: null,
      },
      acts: init.acts ?? [],
      partialText: init.partialText ?? '',
      narration: null,
      artifacts: [],
      outputMessageId: newId(),
      outputMessage: null,
    };
  }

  get id() {
    return this.state.run.id;
  }

  get threadId() {
    return this.state.run.thread_id;
  }

  /** Applies `persist` to the durable state, then publishes the envelope. */
  async emit(
    channel: string,
    type: string,
    payload: Record<string, unknown> = {},
    options: { actId?: string | null; persist?: (state: RunSnapshot) => void } = {},
  ): Promise<void> {
    options.persist?.(this.state);
    await this.bus.publish(this.id, runEvent(channel, type, payload, options.actId ?? null));
  }

  /** A token delta the way the worker sends it: the draft grows, then `{ text, offset }` is published. */
  async delta(text: string): Promise<void> {
    const offset = this.state.partialText.length;
    await this.emit('tokens', 'delta', { text, offset }, { persist: (s) => (s.partialText += text) });
  }
}

export type ReadHook = (run: FakeRun) => Promise<void> | void;

/** The runs service's snapshot, over FakeRuns; `beforeRead` / `afterRead` script what happens meanwhile. */
export class FakeReader implements RunSnapshotReader {
  readonly runs = new Map<string, FakeRun>();
  beforeRead: ReadHook | null = null;
  afterRead: ReadHook | null = null;
  reads = 0;

  add(run: FakeRun): FakeRun {
    this.runs.set(run.id, run);
    return run;
  }

  /** The run's visibility, as an open stream re-checks it: the same rule as snapshot(), without a read. */
  async visibleRun(ctx: RequestContext, threadId: string, runId: string): Promise<FakeRun> {
    const run = this.runs.get(runId);
    if (!run || run.organizationId !== ctx.organizationId || run.threadId !== threadId) throw notFound('Run');
    return run;
  }

  async snapshot(ctx: RequestContext, threadId: string, runId: string): Promise<RunSnapshot> {
    const run = await this.visibleRun(ctx, threadId, runId);
    this.reads++;
    await this.beforeRead?.(run);
    const copy = structuredClone(run.state);
    await this.afterRead?.(run);
    return copy;
  }
}

export interface StreamApp {
  app: FastifyInstance;
  url: string;
  bus: EventBus;
  reader: FakeReader;
  hub: SseHub;
  /** A new run of organization A (unless told otherwise), known to the reader. */
  run(init?: ConstructorParameters<typeof FakeRun>[1]): FakeRun;
  path(run: FakeRun, stream: 'events' | 'turn'): string;
  close(): Promise<void>;
}

export async function startStreamApp(options: { bus?: EventBus; sse?: Partial<SseConfig> } = {}): Promise<StreamApp> {
  const bus = options.bus ?? createMemoryEventBus();
  const reader = new FakeReader();
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIds(app);
  registerGracefulClose(app);
  registerErrorHandler(app);
  registerGuard(app, fakeResolver);
  const hub = registerRunStreamRoutes(app, {
    reader,
    bus,
    sse: { keepaliveMs: 60_000, maxLifetimeMs: 600_000, ...options.sse },
    access: { credentials: fakeResolver, runs: reader, recheckMs: 30_000 },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    bus,
    reader,
    hub,
    run: (init) => reader.add(new FakeRun(bus, init)),
    path: (run, stream) => `${url}/v1/threads/${run.threadId}/runs/${run.id}/${stream}`,
    async close() {
      await app.close();
      await bus.close();
    },
  };
}

export const auth = (key = KEY_A) => ({ headers: { authorization: `Bearer ${key}` } });
