import type { FastifyInstance } from 'fastify';

/**
 * While the app closes, responses still in flight ask the client to drop the connection: otherwise a keep-alive
 * socket that was busy when closing began turns idle afterwards and holds shutdown open until its timeout.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook with no promise: it runs on every response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
