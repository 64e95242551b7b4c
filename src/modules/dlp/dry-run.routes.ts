import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import type { DlpDryRuns } from './dry-run.service.ts';
import {
  DlpDryRunBody,
  DlpDryRunSchema,
  DlpDryRunStartedSchema,
  MAX_DRY_RUN_EXAMPLES,
  MAX_DRY_RUN_SCAN,
} from './schemas.ts';

const tags = ['Organization configuration'];
const config = { auth: 'orgAdmin' } as const;

/** DLP dry runs of the caller's organization, for its admins. */
export function registerDlpDryRunRoutes(app: FastifyInstance, dryRuns: DlpDryRuns): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/organization/dlp-rules/dry-run', {
    config,
    schema: {
      tags,
      summary: 'Start a DLP dry run over the recent user messages',
      description:
        `Queues a check of the user messages of the last \`days\` days (the newest ${MAX_DRY_RUN_SCAN} at most) ` +
        'against the ' +
        'active saved rules and the active unsaved `rules`, as they are now, with the decision of message checks. ' +
        'Poll GET …/dry-run/{dryRunId} for its progress and result. One dry run per organization at a time: ' +
        '409 `limit_reached` while another is queued or running.',
      body: DlpDryRunBody,
      response: { 202: DlpDryRunStartedSchema, ...errorResponses('orgAdmin', { 409: ['limit_reached'] }) },
    },
    handler: async (req, reply) => reply.status(202).send(await dryRuns.start(contextOf(req).organizationId, req.body)),
  });

  r.get('/v1/organization/dlp-rules/dry-run/:dryRunId', {
    config,
    schema: {
      tags,
      summary: 'Read a DLP dry run: its status, progress and, once completed, its result',
      description:
        `The result counts the scanned and blocked messages and shows up to ${MAX_DRY_RUN_EXAMPLES} blocked ones, ` +
        'each with the rule ' +
        'that blocked it (rule_id null for a draft) and an excerpt in which the matched text is masked.',
      params: z.object({ dryRunId: uuidParam }),
      response: { 200: DlpDryRunSchema, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => dryRuns.get(contextOf(req).organizationId, req.params.dryRunId),
  });
}
