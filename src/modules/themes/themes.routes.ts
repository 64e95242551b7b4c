import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, uuidParam } from '../../platform/http/openapi.ts';
import { CreateThemeBody, PatchThemeBody, ThemeListResponse, ThemeResponse } from './schemas.ts';
import type { ThemesService } from './service.ts';

const tags = ['Organization configuration'];
const config = { auth: 'orgAdmin' } as const;
/** The raw theme uuid: a palette id (`custom-<id>`) or anything else is the same 404. */
const params = z.object({ themeId: uuidParam });

/** An organization's custom themes, for its admins. */
export function registerThemeRoutes(app: FastifyInstance, themes: ThemesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/organization/themes', {
    config,
    schema: {
      tags,
      summary: 'The custom themes, newest first (built-in palettes are not listed)',
      response: { 200: ThemeListResponse, ...errorResponses('orgAdmin') },
    },
    handler: (req) => themes.list(contextOf(req)),
  });

  r.post('/v1/organization/themes', {
    config,
    schema: {
      tags,
      summary: 'Create a custom theme (at most 100 per organization)',
      body: CreateThemeBody,
      response: { 201: ThemeResponse, ...errorResponses('orgAdmin', { 409: ['limit_reached'] }) },
    },
    handler: async (req, reply) => reply.status(201).send(await themes.create(contextOf(req), req.body)),
  });

  r.get('/v1/organization/themes/:themeId', {
    config,
    schema: {
      tags,
      summary: 'A custom theme by its uuid',
      params,
      response: { 200: ThemeResponse, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => themes.get(contextOf(req), req.params.themeId),
  });

  r.patch('/v1/organization/themes/:themeId', {
    config,
    schema: {
      tags,
      summary: 'Change a theme; a token map given replaces that variant wholesale; one variant stays enabled',
      params,
      body: PatchThemeBody,
      response: { 200: ThemeResponse, ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: (req) => themes.update(contextOf(req), req.params.themeId, req.body),
  });

  r.delete('/v1/organization/themes/:themeId', {
    config,
    schema: {
      tags,
      summary: 'Delete a theme and its backgrounds; it leaves the appearance (allowed list and default)',
      params,
      response: { 204: z.null().describe('Deleted'), ...errorResponses('orgAdmin', { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => {
      await themes.remove(contextOf(req), req.params.themeId);
      return reply.status(204).send(null);
    },
  });
}
