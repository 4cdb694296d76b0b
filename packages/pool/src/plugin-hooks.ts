import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { stripTypes } from './typescript.js';

/**
 * Module hooks (Node's `module.register`) for a plugin's files, registered only when a plugin needs them:
 *
 * - a `.ts`/`.mts` file is read as an ES module with its types removed (see `stripTypes`), on every Node bezzel
 *   supports, whatever the Node itself does with TypeScript;
 * - in a TypeScript file, `./piece.js` names the `piece.ts` beside it (TypeScript's own convention, which the
 *   scaffold writes) when there is no `piece.js`;
 * - a plugin file with nothing installed beside it imports the `@bezzel/*` packages from bezzel's own install: such
 *   an import, having failed where the file is, is resolved again from there. A plugin with its own
 *   `node_modules` keeps what it has.
 */
interface ResolveContext {
  readonly parentURL?: string;
  readonly conditions: readonly string[];
}
type NextResolve = (specifier: string, context: ResolveContext) => Promise<unknown>;
interface LoadContext {
  readonly format?: string | null;
  readonly conditions: readonly string[];
}
type NextLoad = (url: string, context: LoadContext) => Promise<unknown>;

const TYPESCRIPT = /\.m?ts$/;

/** Where bezzel is installed, as module URLs to resolve from, tried in order. */
let installURLs: readonly string[] = [];

export function initialize(data: { installURLs: readonly string[] }): void {
  installURLs = data.installURLs;
}

export async function resolve(specifier: string, context: ResolveContext, next: NextResolve): Promise<unknown> {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (notFound(error) && context.parentURL && TYPESCRIPT.test(new URL(context.parentURL).pathname) && /^\.\.?\/.*\.m?js$/.test(specifier)) {
      try {
        return await next(specifier.replace(/js$/, 'ts'), context);
      } catch {
        // Neither file is there: the error about the one named.
      }
    }
    if (!notFound(error) || !specifier.startsWith('@bezzel/')) throw error;
    for (const parentURL of installURLs) {
      try {
        return await next(specifier, { ...context, parentURL });
      } catch (again) {
        if (!notFound(again)) throw again;
      }
    }
    throw error;
  }
}

export async function load(url: string, context: LoadContext, next: NextLoad): Promise<unknown> {
  if (!url.startsWith('file:') || !TYPESCRIPT.test(new URL(url).pathname)) return next(url, context);
  const file = fileURLToPath(url);
  return { format: 'module', source: stripTypes(await readFile(file, 'utf8'), file), shortCircuit: true };
}

function notFound(error: unknown): boolean {
  return (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND';
}
