import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The client package's source, not its dist: the web app builds even before `client/` has been built. */
export const clientSource = fileURLToPath(new URL('../client/src/index.ts', import.meta.url));

/** Libraries every page needs and that change rarely: their own chunk stays cached across releases of the app. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@atrium/client': clientSource } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      // Pages are lazy routes, so each lands in its own chunk; only the framework is grouped by hand.
      output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
    },
  },
  server: {
    // `npx vite` in web/ against a server on :3000, which answers the API and the web session routes.
    proxy: { '/v1': 'http://127.0.0.1:3000', '/web': 'http://127.0.0.1:3000' },
  },
});
