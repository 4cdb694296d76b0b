import { defaultClientConditions, defineConfig } from 'vite';

// The workspace packages export their TypeScript sources under the `@bezzel/source` condition.
export default defineConfig({
  base: './',
  resolve: { conditions: ['@bezzel/source', ...defaultClientConditions] },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
