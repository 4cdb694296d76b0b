import { type ContainerModule, createBezzel, type Bezzel, type NamedPlugin, UsageError } from '@bezzel/core';
import { importModule } from '@bezzel/pool/import-module';
import { createRequire } from 'node:module';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The plugins every `bezzel` run loads, by package name. Bundled plugins load exactly as a user's `--plugin`
 * does (ESLint's way): nothing in the core or the CLI knows a concrete piece or strategy.
 */
export const defaultPlugins: readonly string[] = [
  '@bezzel/queen',
  '@bezzel/knight',
  '@bezzel/classic',
  '@bezzel/backtracking',
  '@bezzel/formula',
  '@bezzel/min-conflicts',
  '@bezzel/hill-climbing',
  '@bezzel/random',
  '@bezzel/fairy',
  '@bezzel/transfer-matrix',
  '@bezzel/warnsdorff',
  '@bezzel/divide-conquer',
  '@bezzel/genetic',
  '@bezzel/ant-colony',
  '@bezzel/bitboard',
  '@bezzel/cover-search',
  '@bezzel/ilp',
  '@bezzel/greedy-cover',
];

/** A loaded plugin with the URL it came from, so worker threads can load the very same file. */
export interface LoadedPlugin extends NamedPlugin {
  readonly url: string;
}

/** Where the user typed the command: pnpm scripts run in the workspace root and say the original in INIT_CWD. */
export function userCwd(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** Whether a specifier names a file (`./x.ts`, `/abs/x.js`, `x.mjs`) rather than a package. */
function isFileSpecifier(specifier: string): boolean {
  return /^(\.|\/)|\.(m?js|ts)$/.test(specifier) || isAbsolute(specifier);
}

/**
 * How another process names a loaded plugin: a package by its name (each machine resolves its own install),
 * a file by its absolute path.
 */
export function pluginSpecifier(plugin: LoadedPlugin): string {
  return isFileSpecifier(plugin.name) ? fileURLToPath(plugin.url) : plugin.name;
}

/**
 * Resolves a specifier — a package name, or a `.js`/`.mjs`/`.ts` file — to a URL to import. A package the user
 * names is looked up from where they typed the command first, then from bezzel's own install; the bundled
 * plugins (`ownInstall`) only from bezzel's, with Node's ES module resolver, which the import then reuses.
 */
export function resolvePlugin(specifier: string, cwd = userCwd(), ownInstall = false): string {
  if (isFileSpecifier(specifier)) {
    return pathToFileURL(resolve(cwd, specifier)).href;
  }
  if (!ownInstall) {
    try {
      return pathToFileURL(createRequire(resolve(cwd, 'package.json')).resolve(specifier)).href;
    } catch {
      // Not installed there; try bezzel's own install.
    }
  }
  try {
    return import.meta.resolve(specifier);
  } catch {
    throw new UsageError('ERR_PLUGIN', `plugin "${specifier}" is not installed (looked from ${cwd} and from the bezzel CLI)`);
  }
}

/** Imports a plugin; its default export must be an inversify ContainerModule. */
export async function loadPlugin(specifier: string, cwd = userCwd(), ownInstall = false): Promise<LoadedPlugin> {
  const url = resolvePlugin(specifier, cwd, ownInstall);
  let exported: { default?: unknown };
  try {
    exported = (await importModule(url)) as { default?: unknown };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    const missing = code === 'ERR_MODULE_NOT_FOUND' && String(message).includes(fileURLToPath(url));
    const why = missing ? 'file not found' : String(message ?? error).split('\n')[0];
    throw new UsageError('ERR_PLUGIN', `cannot load plugin ${specifier}: ${why}`);
  }
  const module = exported.default;
  if (!isContainerModule(module)) {
    throw new UsageError('ERR_PLUGIN', `plugin ${specifier} must default-export an inversify ContainerModule`);
  }
  return { name: specifier, url, module };
}

function isContainerModule(value: unknown): value is ContainerModule {
  return typeof value === 'object' && value !== null && typeof (value as { load?: unknown }).load === 'function' && 'id' in value;
}

/** The default plugins plus the user's, loaded into a fresh container. */
export async function createCliBezzel(extra: readonly string[] = [], modules: readonly NamedPlugin[] = []): Promise<{ bezzel: Bezzel; plugins: LoadedPlugin[] }> {
  // Imported side by side (their files are read while others compile), registered in order.
  const plugins = await Promise.all([...defaultPlugins.map((specifier) => loadPlugin(specifier, userCwd(), true)), ...extra.map((specifier) => loadPlugin(specifier))]);
  try {
    return { bezzel: await createBezzel({ plugins: [...plugins, ...modules] }), plugins };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError('ERR_PLUGIN', (error as Error).message);
  }
}
