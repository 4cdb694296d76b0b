import { realpathSync } from 'node:fs';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Imports a plugin's module by URL. JavaScript loads as it is. A TypeScript file (a user's `--plugin x.ts`)
 * goes through tsx, loaded for that file alone with its `tsImport`: nothing else a command runs needs a compiler,
 * so nothing else pays for one. Where the runtime already reads TypeScript (vitest), the plain import serves.
 *
 * A plugin file outside any project (`bezzel --plugin ~/ostrich.mjs` after `npm install -g`) has no
 * `@bezzel/core` beside it. Then, and only then, a resolution hook is registered that finds the `@bezzel/*`
 * packages in bezzel's own install, and the file is imported again: the hook costs Node 20 a loader thread
 * (60 ms), which no other command pays. "Bezzel's own install" is where this file is, and where the running
 * program is (the `bezzel` command, whose package depends on every bundled plugin): this package alone does not
 * see the plugins a part extends (`@bezzel/columns` for an initial placement) in a pnpm checkout.
 */
export async function importModule(url: string): Promise<Record<string, unknown>> {
  try {
    return await importAny(url);
  } catch (error) {
    if (!missesBezzelPackage(error)) throw error;
  }
  // Plugins load side by side: another one's failure may have registered the hook while this one was failing,
  // so each tries again once the hook is there, whoever registered it.
  if (!hookRegistered) registerHook();
  try {
    // A failed import stays failed for its URL; a query makes a fresh one.
    return await importAny(`${url}${url.includes('?') ? '&' : '?'}bezzel-install`);
  } catch (error) {
    // tsx runs a .ts file as CommonJS unless its package says "type": "module", and CommonJS cannot load
    // bezzel's ES modules on Node 20: say how to make it an ES module rather than that a package is missing.
    if (/\.ts(\?|$)/.test(url) && missesBezzelPackage(error)) {
      throw new Error(`${(error as Error).message.split('\n')[0]}: a TypeScript plugin must be an ES module; name it .mts, or put a package.json with "type": "module" beside it`);
    }
    throw error;
  }
}

async function importAny(url: string): Promise<Record<string, unknown>> {
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if (!/\.[cm]?tsx?(\?|$)/.test(url)) throw error;
    // Node 22.18+ and 24 strip a TypeScript file's types themselves, but neither map `./piece.js` to the
    // `piece.ts` beside it (TypeScript's own convention, which the scaffold writes) nor say where a syntax error
    // is: such a failure is tried once more through tsx, which does both.
    const code = (error as { code?: string }).code;
    if (code !== 'ERR_UNKNOWN_FILE_EXTENSION' && code !== 'ERR_MODULE_NOT_FOUND' && !(error instanceof SyntaxError)) throw error;
  }
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
}

let hookRegistered = false;

function missesBezzelPackage(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (code === 'ERR_MODULE_NOT_FOUND' || /Cannot find (module|package)/.test(message ?? '')) && /['"]@bezzel\//.test(message ?? '');
}

function registerHook(): void {
  hookRegistered = true;
  register(new URL('./resolve-hook.js', import.meta.url), { parentURL: import.meta.url, data: { installURLs: [import.meta.url, ...programURL()] } });
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
