import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { PublishedThemesService } from './published.service.ts';
import { ThemeVariantSchema } from './schemas.ts';
import { ifNoneMatchHits } from './stylesheet.ts';

const tags = ['Themes (public)'];
const config = { auth: 'public' } as const;
const themeId = z.string().max(100).describe('`custom-<theme id>`, the bare theme id, or a built-in palette id');
/** A page of any origin links the stylesheet and shows the images: neither needs nor carries a credential. */
const CROSS_ORIGIN = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' };
/** Short enough that a theme edit shows within a minute; revalidation is a cheap 304. */
const STYLESHEET_CACHE = 'public, max-age=60, must-revalidate';
/** The redirect target is signed for an hour; the redirect is reused for five minutes at most. */
const REDIRECT_CACHE = 'public, max-age=300';

/** What a web page loads without a credential: the palette stylesheets and the theme backgrounds. */
export function registerPublicThemeRoutes(app: FastifyInstance, published: PublishedThemesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/public/themes/:themeId/styles.css', {
    config,
    schema: {
      tags,
      summary: 'The palette as CSS custom properties per enabled variant (strong ETag, If-None-Match → 304)',
      security: [],
      params: z.object({ themeId }),
      response: {
        200: z.string().describe('text/css'),
        304: z.null().describe('Not modified: the If-None-Match tag is current'),
        ...errorResponses('public', { 404: ['not_found'] }),
      },
    },
    handler: async (req, reply) => {
      const { css, etag } = await published.stylesheet(req.params.themeId);
      reply.headers({ ...CROSS_ORIGIN, etag, 'cache-control': STYLESHEET_CACHE, 'x-content-type-options': 'nosniff' });
      if (ifNoneMatchHits(req.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return reply.type('text/css; charset=utf-8').send(css);
    },
  });

  r.get('/v1/public/themes/:themeId/backgrounds/:variant', {
    config,
    schema: {
      tags,
      summary: "Redirects to a signed URL of the theme's background image for the variant",
      security: [],
      params: z.object({ themeId, variant: ThemeVariantSchema }),
      querystring: z.object({ v: z.string().max(64).optional().describe('Cache buster: the asset id') }),
      response: { 302: z.null().describe('Location: the image'), ...errorResponses('public', { 404: ['not_found'] }) },
    },
    handler: async (req, reply) => {
      const url = await published.backgroundUrl(req.params.themeId, req.params.variant);
      return reply.headers({ ...CROSS_ORIGIN, 'cache-control': REDIRECT_CACHE }).redirect(url, 302);
    },
  });
}
