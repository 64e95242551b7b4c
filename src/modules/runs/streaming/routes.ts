import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../../../platform/events/types.ts';
import { errorResponses, uuidParam } from '../../../platform/http/openapi.ts';
import { createSseHub, type SseConfig, type SseHub } from '../../../platform/http/sse.ts';
import type { StreamAccess } from './access-watch.ts';
import { eventsWriter } from './events-writer.ts';
import { serveRunStream } from './open-stream.ts';
import { turnWriter } from './turn-writer.ts';
import type { RunSnapshotReader } from './types.ts';

export interface RunStreamRoutesDeps {
  reader: RunSnapshotReader;
  bus: EventBus;
  sse: SseConfig;
  /** Re-checks every open stream's caller while it stays open. */
  access: StreamAccess;
}

const tags = ['Runs'];
const params = z.object({ threadId: uuidParam, runId: uuidParam });
const config = { auth: 'any' } as const;
const streamErrors = errorResponses('any', {
  404: ['not_found'],
  429: ['rate_limited'],
  503: ['events_unavailable', 'shutting_down'],
});
const sseBody = (what: string) => ({
  description: `Server-Sent Events: ${what}`,
  content: { 'text/event-stream': { schema: z.string() } },
});

/**
 * `GET …/runs/:runId/events` (raw envelopes) and `GET …/runs/:runId/turn` (the turn document and its patches).
 * Visibility is the reader's: a run the caller cannot see is a plain 404 before any frame. Both routes share one
 * hub, so a principal's stream cap counts them together. Returns the hub (open streams close when the app closes).
 */
export function registerRunStreamRoutes(app: FastifyInstance, deps: RunStreamRoutesDeps): SseHub {
  const hub = createSseHub(app, deps.sse);
  const streamDeps = { reader: deps.reader, bus: deps.bus, hub, access: deps.access };
  const r = app.withTypeProvider<ZodTypeProvider>();
  // No automatic HEAD twins: a HEAD request would hold a body-less stream open for its whole lifetime.

  r.get('/v1/threads/:threadId/runs/:runId/events', {
    config,
    exposeHeadRoute: false,
    schema: {
      tags,
      summary: 'Live events of a run (SSE): the snapshot, then every envelope until the terminal one',
      params,
      response: { 200: sseBody('`snapshot`, then `<channel>.<type>` frames'), ...streamErrors },
    },
    handler: (req, reply) => serveRunStream(req, reply, streamDeps, req.params, eventsWriter),
  });

  r.get('/v1/threads/:threadId/runs/:runId/turn', {
    config,
    exposeHeadRoute: false,
    schema: {
      tags,
      summary: 'A run as a turn document (SSE): `turn.snapshot`, then `turn.patch` / `turn.live` frames',
      params,
      response: { 200: sseBody('`turn.snapshot`, then `turn.patch` and `turn.live` frames'), ...streamErrors },
    },
    handler: (req, reply) => serveRunStream(req, reply, streamDeps, req.params, turnWriter),
  });

  return hub;
}
