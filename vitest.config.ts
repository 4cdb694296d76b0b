import { defineConfig } from 'vitest/config';

/**
 * Tests run the TypeScript sources: the workspace packages export them under the `@bezzel/source` condition.
 * Vite's resolver is told for both its environments (tests run in the server one), and Node's own resolver
 * (plugin loading, worker threads) with --conditions. After ours come Vite's own server defaults.
 */
const conditions = ['@bezzel/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@bezzel/source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'plugins/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    // The pack-install-run test has its own command (`pnpm test:release`): it needs the npm registry.
    exclude: ['test/release/**', '**/node_modules/**'],
    testTimeout: 60_000,
    execArgv: ['--conditions=@bezzel/source'],
    setupFiles: ['test/support/fast-check-seed.ts'],
  },
});
