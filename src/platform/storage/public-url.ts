import type { FastifyInstance } from 'fastify';

/**
 * The base URL that signed blob URLs start with: ATRIUM_PUBLIC_URL or `http://HOST:PORT` from the config, or,
 * when PORT is 0, the address the server actually listens on (known only after listen, hence a function).
 */
export function createPublicUrl(configured: string | null) {
  let app: FastifyInstance | null = null;
  return {
    get(): string {
      if (configured) return configured;
      const address = app?.server.address();
      if (!address || typeof address === 'string') {
        throw new Error('The public URL is known once the server listens; set ATRIUM_PUBLIC_URL for other processes');
      }
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    },
    /** Learn the listening address from this app when none is configured. */
    bind(server: FastifyInstance): void {
      app = server;
    },
  };
}

export type PublicUrl = ReturnType<typeof createPublicUrl>;
