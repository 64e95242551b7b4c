import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { BLOB_ROUTE_PREFIX } from '../storage/local.ts';

const API_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id', 'X-Atrium-Web'];
const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After'];

/**
 * Browser-facing edge: security headers on every answer, and CORS for the origins an operator allows.
 *
 * Helmet's API profile: an API answers JSON and event streams, never a page, so its Content-Security-Policy
 * allows nothing and no frame may embed it. The API reference at /docs is a page with scripts and keeps
 * helmet's other headers only. Signed blob URLs are capabilities meant for any origin (a web app on another
 * origin shows a logo or downloads an artifact), so they may be loaded cross-origin; they set their own
 * sandboxing CSP.
 *
 * CORS is off unless `ATRIUM_CORS_ORIGINS` names origins: bearer credentials travel in a header, so no cookie
 * is ever allowed across origins.
 */
export async function registerEdge(app: FastifyInstance, options: { corsOrigins: readonly string[] }) {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.helmet = { contentSecurityPolicy: false };
    else if (route.url.startsWith(BLOB_ROUTE_PREFIX)) {
      route.helmet = { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } };
    }
  });
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  });
  if (options.corsOrigins.length === 0) return;
  await app.register(fastifyCors, {
    origin: [...options.corsOrigins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: API_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
  });
}
