#!/usr/bin/env node
// The `bezzel` command: compiled JavaScript from dist/ (`pnpm build` writes it; `pnpm install` runs the build).
// A checkout whose sources were never built says so in one line instead of a stack trace.
const entry = new URL('../dist/bin.js', import.meta.url);
try {
  await import(entry.href);
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(entry.pathname)) throw error;
  process.stderr.write(`bezzel: not built yet: run \`pnpm build\` in the bezzel checkout (${new URL('../../..', import.meta.url).pathname})\n`);
  process.exit(2);
}
