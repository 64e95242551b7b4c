import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { SyncModelsBody, SyncModelsResultSchema } from './sync.schemas.ts';
import type { ModelSyncService } from './sync.service.ts';

const tags = ['Platform administration: model catalog'];
const auth: AuthRequirement = { console: 'ai-platform' };

export function registerModelSyncRoute(app: FastifyInstance, sync: ModelSyncService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/admin/ai-providers/:id/sync-models', {
    config: { auth },
    schema: {
      tags,
      summary:
        "Compare the provider's tracked versions with a fresh vendor listing: update what the vendor states, stamp last_listed_at and upstream_deprecated, report unlisted and deprecated versions",
      params: z.object({ id: uuidParam }),
      body: SyncModelsBody.nullish(),
      response: {
        200: SyncModelsResultSchema,
        ...errorResponses(auth, {
          400: ['no_listing_integration'],
          404: ['not_found'],
          409: ['no_api_key'],
          502: ['vendor_error'],
        }),
      },
    },
    handler: (req) => sync.syncModels(req.params.id, req.body ?? {}),
  });
}
