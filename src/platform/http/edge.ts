import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { BLOB_ROUTE_PREFIX } from '../storage/local.ts';
import { WEB_APP_ROUTE } from './web-app.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Security headers of the route's answers, chosen once when the route is registered. */
    securityHeaders?: Readonly<Record<string, string>>;
  }
}

// Never `X-Atrium-Web`: the web app's cookie session must stay same-origin, and that header is what unlocks it.
const API_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id'];
const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After'];

/**
 * The headers helmet sets with these options. Helmet's headers depend only on its options, never on the request,
 * so they are computed once here; @fastify/helmet instead builds a whole helmet middleware on every request,
 * which cost about a third of the CPU of the cheapest authenticated route.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/** An API answers JSON and event streams, never a page: its CSP allows nothing, and no frame may embed it. */
const API_PROFILE = helmetHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
});
/** The API reference at /docs is a page with scripts: helmet's other headers only. */
const DOCS_PROFILE = helmetHeaders({ contentSecurityPolicy: false });
/**
 * Signed blob URLs are capabilities meant for any origin (a web app elsewhere shows a logo or downloads an
 * artifact), so they may be loaded cross-origin; they set their own sandboxing CSP.
 */
const BLOB_PROFILE = helmetHeaders({
  contentSecurityPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/**
 * The web app's pages and assets: scripts and styles of our own origin only; images and previews may come from
 * signed blob URLs; the page's own requests go to this origin and, when blobs live elsewhere (Azure), to the blob
 * origin, where the browser uploads files and reads previews; no frame may embed the app.
 */
function webAppProfile(blobOrigin: string | null): Readonly<Record<string, string>> {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: blobOrigin ? ["'self'", blobOrigin] : ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
}

/**
 * Browser-facing edge: helmet's security headers on every answer (the API profile also on unknown routes and
 * errors), and CORS for the origins an operator allows. CORS is off unless `ATRIUM_CORS_ORIGINS` names origins:
 * bearer credentials travel in a header, so no cookie is ever allowed across origins.
 */
export async function registerEdge(
  app: FastifyInstance,
  options: { corsOrigins: readonly string[]; blobOrigin: string | null },
) {
  const webApp = webAppProfile(options.blobOrigin);
  const profileOf = (url: string) => {
    if (url === WEB_APP_ROUTE) return webApp;
    if (url.startsWith('/docs')) return DOCS_PROFILE;
    if (url.startsWith(BLOB_ROUTE_PREFIX)) return BLOB_PROFILE;
    return API_PROFILE;
  };
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, securityHeaders: profileOf(route.url) };
  });
  // A callback hook with no promise: this runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders ?? API_PROFILE);
    done();
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
