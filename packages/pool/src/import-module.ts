import { realpathSync } from 'node:fs';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Imports a plugin's module by URL. JavaScript loads as it is. A TypeScript file (a user's `--plugin x.ts`) is
 * read through bezzel's plugin hooks (plugin-hooks.ts: its types removed by Sucrase), registered for the first such
 * file: nothing else a command runs needs them, so nothing else pays for them. Where this module itself runs as
 * TypeScript (vitest, tsx), the runtime reads TypeScript already and the plain import serves.
 *
 * A plugin file outside any project (`bezzel --plugin ~/ostrich.mjs` after `npm install -g`) has no
 * `@bezzel/core` beside it. Then, and only then, the same hooks are registered, which find the `@bezzel/*`
 * packages in bezzel's own install, and the file is imported again: the hooks cost Node 20 a loader thread
 * (60 ms), which no other command pays. "Bezzel's own install" is where this file is, and where the running
 * program is (the `bezzel` command, whose package depends on every bundled plugin): this package alone does not
 * see the plugins a part extends (`@bezzel/columns` for an initial placement) in a pnpm checkout.
 */
export async function importModule(url: string): Promise<Record<string, unknown>> {
  const typescript = /\.m?ts(\?|$)/.test(url) && !RUNS_TYPESCRIPT;
  if (typescript) registerPluginHooks();
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if (hooksRegistered || !missesBezzelPackage(error)) throw error;
  }
  // Plugins load side by side: another one's failure may have registered the hooks while this one was failing,
  // so each tries again once they are there, whoever registered them.
  registerPluginHooks();
  // A failed import stays failed for its URL; a query makes a fresh one.
  return (await import(`${url}${url.includes('?') ? '&' : '?'}bezzel-install`)) as Record<string, unknown>;
}

/** This module runs from its TypeScript source: the runtime (vitest, tsx) reads TypeScript itself. */
const RUNS_TYPESCRIPT = import.meta.url.endsWith('.ts');

let hooksRegistered = false;

function missesBezzelPackage(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (code === 'ERR_MODULE_NOT_FOUND' || /Cannot find (module|package)/.test(message ?? '')) && /['"]@bezzel\//.test(message ?? '');
}

/** Registers the plugin hooks (plugin-hooks.ts) in this thread, once. */
export function registerPluginHooks(): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  register(new URL('./plugin-hooks.js', import.meta.url), { parentURL: import.meta.url, data: { installURLs: [import.meta.url, ...programURL()] } });
}

/** The running program's main file, links resolved (a global install's `bin/bezzel` is a link into the package). */
function programURL(): string[] {
  const main = process.argv[1];
  if (!main) return [];
  try {
    return [pathToFileURL(realpathSync(main)).href];
  } catch {
    return [];
  }
}
