import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthRequirement } from '../../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../../platform/http/openapi.ts';
import type { ModelListing } from './service.ts';
import { AvailableModelsResponse } from './types.ts';

const tags = ['Platform administration: model catalog'];
const auth: AuthRequirement = { console: 'ai-platform' };

const querystring = z.object({
  refresh: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true')
    .describe('1 or true bypasses the one-minute cache'),
});

export function registerAvailableModelsRoute(
  app: FastifyInstance,
  listing: Pick<ModelListing, 'availableModels'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/admin/ai-providers/:id/available-models', {
    config: { auth },
    schema: {
      tags,
      summary: "List the models the provider's vendor offers (cached for a minute)",
      params: z.object({ id: uuidParam }),
      querystring,
      response: {
        200: AvailableModelsResponse,
        ...errorResponses(auth, {
          400: ['no_listing_integration'],
          404: ['not_found'],
          409: ['no_api_key'],
          502: ['vendor_error'],
        }),
      },
    },
    handler: (req) => listing.availableModels(req.params.id, { refresh: req.query.refresh }),
  });
}
