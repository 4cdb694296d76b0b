import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The real-browser test of the built page, kept out of the default `pnpm test`: run it with `pnpm test:web`.
export default defineConfig({
  resolve: { conditions: ['@bezzel/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@bezzel/source', 'module', 'node', 'development|production'] } },
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
