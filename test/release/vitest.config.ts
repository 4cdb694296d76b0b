import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:release`: what a user installs. It packs every package, installs the tarballs with npm into empty
 * folders outside the checkout and runs them, so it needs the npm registry (for third-party dependencies) and
 * takes a minute; the unit and integration tests (`pnpm test`) leave it out.
 */
export default defineConfig({
  test: {
    include: ['test/release/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // One install, then the commands one after another: they share the installed prefix.
    fileParallelism: false,
  },
});
