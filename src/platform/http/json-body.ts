import type { FastifyInstance } from 'fastify';
import { invalidRequest } from './errors.ts';
import { assertJsonTextWithinBounds } from './input-bounds.ts';

/**
 * JSON bodies, where an empty body counts as no body: clients commonly send `Content-Type: application/json`
 * with nothing on action routes (suspend, revoke), and those must not fail as "invalid JSON". Anything else goes
 * through the input bounds (nesting depth, NUL) and then Fastify's secure parser, which refuses `__proto__` and
 * `constructor.prototype` keys instead of letting them poison a prototype. Other media types are refused with
 * 415 unless a route scope adds its own parser.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const secureParse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      assertJsonTextWithinBounds(text);
    } catch (error) {
      return done(error as Error, undefined);
    }
    secureParse(request, text, (error, parsed) => {
      if (error)
        done(
          invalidRequest('The request body is not valid JSON (or names a forbidden key such as __proto__)'),
          undefined,
        );
      else done(null, parsed);
    });
  });
}
