#!/usr/bin/env node
// The `bezzel` command: compiled JavaScript from dist/ (`pnpm build:lib` writes it; `pnpm install` runs the build).
// A checkout whose sources were never built says so in one line instead of a stack trace.
import * as nodeModule from 'node:module';

// Node 22 and later keep the code they compile (see dist/bin.js); turned on before anything of ours loads, so
// that the modules dist/bin.js imports as it loads are kept too.
nodeModule.enableCompileCache?.();
try {
  await import('../dist/bin.js');
} catch (error) {
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(String(error?.message))?.[1] ?? '';
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/[\\/]dist[\\/]/.test(missing)) throw error;
  process.stderr.write(`bezzel: not built yet (${missing} is missing): run \`pnpm build:lib\` in the bezzel checkout\n`);
  process.exit(2);
}
