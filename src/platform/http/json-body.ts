import type { FastifyInstance } from 'fastify';
import { parseRequestJson } from './input-bounds.ts';

/**
 * JSON bodies, where an empty body counts as no body: clients commonly send `Content-Type: application/json`
 * with nothing on action routes (suspend, revoke), and those must not fail as "invalid JSON". Anything else is
 * parsed within the input bounds (nesting depth, NUL, prototype keys). Other media types are refused with 415
 * unless a route scope adds its own parser.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, parseRequestJson(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
