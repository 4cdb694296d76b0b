/**
 * Dependencies compiled into a package's bundle instead of imported at run time. inversify 8 ships as about
 * 350 separate ES modules, which take Node a quarter of a second to find and link: more than everything else a
 * command does. Inside @bezzel/core's one file they cost a few milliseconds. Only the core imports inversify
 * (plugins build their modules with `pluginModule`), so there is still one container implementation; inversify
 * stays a dependency of the core for the types its declarations name, and for its licence.
 */
export const bundled = {
  '@bezzel/core': [/^inversify$/, /^@inversifyjs\//, /^reflect-metadata(\/|$)/, /^valibot$/],
  // CommonJS packages, which Node otherwise loads through its CommonJS loader and scans for exports (20 ms).
  '@bezzel/cli': [/^commander$/, /^cli-progress$/],
  // BullMQ and ioredis, and what they import (msgpackr, luxon, lodash, cron-parser…): one file a queue command
  // loads, and no install of their own, where msgpackr's optional native build made npm warn about a script it
  // would not run.
  '@bezzel/queue': [/^bullmq$/, /^ioredis$/],
  // Sucrase, which reads a TypeScript plugin or submission by removing its types: CommonJS in many files.
  '@bezzel/pool': [/^sucrase(\/|$)/],
  // The dashboard's web server and bull-board's server side (which takes BullMQ's own Queue class): installed,
  // bull-board would bring BullMQ again as its peer, and with it the warning above.
  '@bezzel/dashboard': [/^@bull-board\//, /^express$/, /^bullmq$/],
};

/**
 * Files a bundle reads at run time, copied beside it: `[package, dependency's folder, into dist/…]`. bull-board's
 * page (its HTML template and static scripts) is served from disk.
 */
export const copied = [['@bezzel/dashboard', '@bull-board/ui/dist', 'bull-board-ui/dist']];

/**
 * Imports left out of every bundle, and out of the install: msgpackr tries its native extension and, finding none,
 * decodes in JavaScript (as it does wherever the extension cannot be built).
 */
export const neverBundled = [/^msgpackr-extract$/];

/**
 * Packages whose code Node keeps compiled between runs (`scripts/code-cache.mjs`): their `dist/index.js` is a small
 * ES module that runs the package's code, built as a CommonJS body beside it, through V8's code cache. The core:
 * every command loads its 270 KB, and on Node 20 (which caches no ES module) a 16-queens count took 212 → 205 ms
 * with it cached (41 interleaved runs). The plugins a count loads, cached too, were no quicker (their files are
 * small; each cache is one more file to read).
 */
export const codeCached = ['@bezzel/core'];
