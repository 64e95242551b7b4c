import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BLOB_ROUTE_PREFIX } from '../storage/local.ts';

/** The route that serves the web app: every GET no other route claims. */
export const WEB_APP_ROUTE = '/*';

/** Paths that belong to the API and the server, never to the web app: unknown ones stay JSON 404s. */
const SERVER_PATHS = ['/v1/', '/web/', '/docs', '/openapi.json', '/healthz', '/readyz', BLOB_ROUTE_PREFIX];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite names every built asset by its content hash: a given URL never changes, so browsers may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page names the current assets: it must be fetched again on every visit, or a deploy would never show. */
const NEVER_CACHED = 'no-store';

/** A file inside `root` for a URL path, or null (outside it, a directory, missing, or a malformed path). */
function fileIn(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Atrium</title></head>
<body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then reload. The API is up.</p></main></body></html>`;

/**
 * Serves the built web app (`distDir`, Vite's output) at `/`: hashed assets cached immutable, any other path that
 * is not a file answers `index.html` (client-side routes, never cached), so a reload or a shared link opens its
 * page. Until the app is built, pages answer 503 with a note saying so; the API is unaffected either way.
 */
export function registerWebApp(app: FastifyInstance, distDir: string): void {
  const root = normalize(distDir);
  const index = join(root, 'index.html');

  app.get(WEB_APP_ROUTE, { config: { auth: 'public' }, schema: { hide: true } }, (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (SERVER_PATHS.some((prefix) => urlPath.startsWith(prefix))) return reply.callNotFound();
    if (!existsSync(index)) {
      return reply.status(503).type('text/html; charset=utf-8').header('cache-control', NEVER_CACHED).send(NOT_BUILT);
    }
    const file = urlPath === '/' ? null : fileIn(root, urlPath);
    if (!file && urlPath.startsWith('/assets/')) return reply.callNotFound();
    const served = file ?? index;
    reply
      .type(CONTENT_TYPES[extname(served)] ?? 'application/octet-stream')
      .header('cache-control', served.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : NEVER_CACHED);
    return reply.send(createReadStream(served));
  });
}
