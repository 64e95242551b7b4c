import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import { DeriveBody, DerivedTokensSchema, SuggestColorsBody, SuggestedColorsSchema } from './colors.schemas.ts';
import type { ThemeColorsService } from './colors.service.ts';

const tags = ['Organization configuration'];
const config = { auth: 'orgAdmin' } as const;

/** The theme composer's colour routes, for org admins. */
export function registerThemeColorRoutes(app: FastifyInstance, colors: ThemeColorsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/organization/themes/suggest-colors', {
    config,
    schema: {
      tags,
      summary:
        'Suggest theme colours from brand colours, guidelines or a brief (a brief alone asks the text model); every answer meets WCAG AA',
      body: SuggestColorsBody,
      response: {
        200: SuggestedColorsSchema,
        ...errorResponses('orgAdmin', {
          400: ['no_text_model'],
          402: ['no_active_subscription'],
          502: ['model_error'],
        }),
      },
    },
    handler: (req) => colors.suggest(contextOf(req), req.body),
  });

  r.post('/v1/organization/themes/derive', {
    config,
    schema: {
      tags,
      summary: "Re-derive an edited token's dependents and list each variant's readability issues with fixes",
      body: DeriveBody,
      response: { 200: DerivedTokensSchema, ...errorResponses('orgAdmin') },
    },
    handler: (req) => colors.derive(req.body),
  });
}
