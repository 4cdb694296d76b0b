import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@bezzel/source'] },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'plugins/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
