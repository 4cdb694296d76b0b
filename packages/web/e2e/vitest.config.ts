import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The real-browser tests of the built page, kept out of the default `pnpm test`: run them with `pnpm test:web`.
// The global set-up builds the site once, serves it and starts one Chromium that every file connects to.
export default defineConfig({
  resolve: { conditions: ['@bezzel/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@bezzel/source', 'module', 'node', 'development|production'] } },
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
