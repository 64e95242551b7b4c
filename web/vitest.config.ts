import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { clientSource } from './vite.config.ts';

/** Component tests: jsdom, Testing Library, the client replaced by a fake passed through its provider. */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@atrium/client': clientSource } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Typing through userEvent is slow on a loaded CI machine (the server's suites run beside these).
    testTimeout: 15_000,
    allowOnly: false,
  },
});
