import { type ContainerModule, createBezzel, type Bezzel, listOf, type NamedPlugin, optionList, type SearchStrategy, type Task, UsageError } from '@bezzel/core';
import { importModule } from '@bezzel/pool/import-module';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { indexOf, isCurrent, pluginsNeeded, readPluginIndex, waitingPlugins, writePluginIndex, type PluginNeed, type WaitingPlugin } from './plugin-index.js';

/**
 * The plugins every `bezzel` run loads, by package name. Bundled plugins load exactly as a user's `--plugin`
 * does (ESLint's way): nothing in the core or the CLI knows a concrete piece or strategy.
 */
export const defaultPlugins: readonly string[] = [
  '@bezzel/queen',
  '@bezzel/knight',
  '@bezzel/classic',
  '@bezzel/backtracking',
  '@bezzel/columns',
  '@bezzel/formula',
  '@bezzel/min-conflicts',
  '@bezzel/hill-climbing',
  '@bezzel/simulated-annealing',
  '@bezzel/beam',
  '@bezzel/tabu',
  '@bezzel/genetic-queens',
  '@bezzel/csp',
  '@bezzel/dlx',
  '@bezzel/random',
  '@bezzel/fairy',
  '@bezzel/transfer-matrix',
  '@bezzel/frontier',
  '@bezzel/warnsdorff',
  '@bezzel/magic-tour',
  '@bezzel/divide-conquer',
  '@bezzel/genetic',
  '@bezzel/ant-colony',
  '@bezzel/bitboard',
  '@bezzel/constellations',
  '@bezzel/cover-search',
  '@bezzel/ilp',
  '@bezzel/greedy-cover',
  '@bezzel/portfolio',
  '@bezzel/pipeline',
];

/** A loaded plugin with the URL it came from, so worker threads can load the very same file. */
export interface LoadedPlugin extends NamedPlugin {
  readonly url: string;
}

/**
 * Where the user typed the command. A package script (`pnpm bezzel …`) runs in its package's folder and names the
 * user's folder in INIT_CWD; but INIT_CWD is inherited by every process a script starts, so it counts only while we
 * run in that script's own folder — a `bezzel` started elsewhere (a test's child, a script that changed folder)
 * writes where it was started.
 */
export function userCwd(): string {
  const { INIT_CWD: initCwd, npm_package_json: packageJson } = process.env;
  if (initCwd && packageJson && resolve(dirname(packageJson)) === resolve(process.cwd())) return initCwd;
  return process.cwd();
}

/** Whether a specifier names a file (`./x.ts`, `/abs/x.js`, `x.mjs`) rather than a package. */
export function isFileSpecifier(specifier: string): boolean {
  return /^(\.|\/)|\.([cm]?js|[cm]?ts)$/.test(specifier) || isAbsolute(specifier);
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
  if (specifier.trim() === '') throw new UsageError('ERR_PLUGIN', '--plugin needs a module: a package name, a .js/.mjs/.ts file, or a folder');
  if (NOT_CODE.test(specifier)) {
    throw new UsageError('ERR_PLUGIN', `cannot load plugin ${specifier}: a plugin is a .js, .mjs or .ts module (or a folder with a package.json), not a ${specifier.split('.').pop()!.toLowerCase()} file`);
  }
  if (isFileSpecifier(specifier)) {
    const path = resolve(cwd, specifier);
    return pathToFileURL(isDirectory(path) ? folderEntry(specifier, path) : path).href;
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
    // `fx/pkg` reads as a package's sub-path to Node; where such a folder is right here, the user meant it.
    const local = resolve(cwd, specifier);
    if (isDirectory(local)) throw new UsageError('ERR_PLUGIN', `plugin "${specifier}" is not installed, but ${local} is a folder: write --plugin ./${specifier} to load it`);
    throw new UsageError('ERR_PLUGIN', `plugin "${specifier}" is not installed (looked from ${cwd} and from the bezzel CLI)`);
  }
}

/** Files a plugin cannot be: a plugin is a JavaScript or TypeScript module, or a folder with a package.json. */
const NOT_CODE = /\.(json|ya?ml|txt|md|csv|html?|css|svg|png)$/i;

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The file a plugin folder (`--plugin ./my-piece`, as `bezzel init plugin` writes one) loads: what its
 * package.json exports as ".", or its `main`.
 */
function folderEntry(specifier: string, folder: string): string {
  let manifest: { exports?: unknown; main?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as typeof manifest;
  } catch (error) {
    const why = (error as { code?: string }).code === 'ENOENT' ? 'it has no package.json' : `its package.json cannot be read: ${(error as Error).message.split('\n')[0]}`;
    throw new UsageError('ERR_PLUGIN', `cannot load plugin ${specifier}: a folder is loaded through its package.json ("exports" or "main"), and ${why}`);
  }
  const exported = manifest.exports;
  const dot = typeof exported === 'object' && exported !== null && '.' in exported ? (exported as Record<string, unknown>)['.'] : exported;
  const entry = typeof dot === 'string' ? dot : typeof dot === 'object' && dot !== null && typeof (dot as { default?: unknown }).default === 'string' ? (dot as { default: string }).default : manifest.main;
  if (typeof entry !== 'string') throw new UsageError('ERR_PLUGIN', `cannot load plugin ${specifier}: its package.json names no file to load ("exports" or "main")`);
  return resolve(folder, entry);
}

/** Imports a plugin; its default export must be an inversify ContainerModule. */
export async function loadPlugin(specifier: string, cwd = userCwd(), ownInstall = false): Promise<LoadedPlugin> {
  const url = resolvePlugin(specifier, cwd, ownInstall);
  if (!ownInstall) await loadsInTime(specifier, url);
  let exported: { default?: unknown };
  try {
    exported = (await importModule(url)) as { default?: unknown };
  } catch (error) {
    throw new UsageError('ERR_PLUGIN', `cannot load plugin ${specifier}: ${whyNotLoaded(error, url)}`);
  }
  const module = exported.default;
  if (!isContainerModule(module)) {
    throw new UsageError('ERR_PLUGIN', `plugin ${specifier} must default-export an inversify ContainerModule`);
  }
  return { name: specifier, url, module };
}

/** A plugin of the user's gets this long to load (in a thread of its own first, where a hang can be ended). */
const PLUGIN_LOAD_TIMEOUT_MS = 10_000;

/**
 * Tries a user's plugin in a thread of its own before this thread imports it: one that never finishes loading
 * is reported instead of hanging the command. Any other failure shows again, in full, when this thread imports it.
 */
async function loadsInTime(specifier: string, url: string): Promise<void> {
  const { probeModule, ModuleTimeout } = await import('@bezzel/pool');
  try {
    await probeModule(url, PLUGIN_LOAD_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof ModuleTimeout) throw new UsageError('ERR_PLUGIN', `cannot load plugin ${specifier}: ${error.message}`);
  }
}

/**
 * What went wrong importing a plugin, in one line: a missing file; a syntax error with its place (the plugin
 * hooks' report for TypeScript, Node's for JavaScript); otherwise the error's first line.
 */
function whyNotLoaded(error: unknown, url: string): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = String(message ?? error);
  if (code === 'ERR_MODULE_NOT_FOUND' && text.includes(fileURLToPath(url))) return 'file not found';
  // A TypeScript file that does not parse is reported by the plugin hooks with its place: `file:line:column: what`.
  if (/^(?:[A-Za-z]:)?[\\/][^\n]*?:\d+:\d+: /.test(text)) return text.split('\n')[0]!;
  if (error instanceof SyntaxError) return `${syntaxErrorPlace(fileURLToPath(url)) ?? fileURLToPath(url)}: ${text}`;
  return text.split('\n')[0]!;
}

/**
 * Where a JavaScript file fails to parse, as `file:line`: Node's module loader does not say, but its syntax
 * check (`node --check`) does. Run only after an import has already failed on a syntax error.
 */
function syntaxErrorPlace(path: string): string | undefined {
  // Loaded here, on the rare failure: child_process (and the sockets it brings) is 1–2 ms every command would pay.
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const check = spawnSync(process.execPath, ['--check', path], { encoding: 'utf8', timeout: 10_000 });
  return /^(.+:\d+)$/m.exec(check.stderr ?? '')?.[1];
}

function isContainerModule(value: unknown): value is ContainerModule {
  return typeof value === 'object' && value !== null && typeof (value as { load?: unknown }).load === 'function' && 'id' in value;
}

/**
 * Whether this CLI runs from an installed package: its plugins and the index the build wrote came in one release
 * and stay as they are, so the index needs no check against the plugins' files (resolving 30 of them costs a
 * command 4 ms). A checkout's plugins may be rebuilt one at a time: there it is checked.
 */
const installed = fileURLToPath(import.meta.url).split(/[\\/]/).includes('node_modules');

/** A registry and the plugins loaded into it, with those left to wait (see {@link waitingPlugins}). */
export interface CliBezzel {
  readonly bezzel: Bezzel;
  readonly plugins: LoadedPlugin[];
  /** Needed plugins not loaded yet: the command loads those its route may need ({@link withWaiting}) before it runs. */
  readonly waiting?: readonly WaitingPlugin[];
}

/**
 * The default plugins plus the user's, loaded into a fresh container. A solving command says what it `need`s: with
 * no plugin of the user's, only the bundled plugins that can serve it load (see plugin-index.ts), when the build's
 * index can tell; and where it only chooses a route, those whose strategies' count floors may rule them out wait.
 */
export async function createCliBezzel(extra: readonly string[] = [], modules: readonly NamedPlugin[] = [], need?: PluginNeed): Promise<CliBezzel> {
  const read = need && extra.length === 0 && modules.length === 0 ? readPluginIndex() : undefined;
  const index = read && (installed || isCurrent(read, defaultPlugins, builtBytes)) ? read : undefined;
  const bundled = (index && need && pluginsNeeded(index, need, defaultPlugins)) ?? defaultPlugins;
  const waiting = index && need ? waitingPlugins(index, need, bundled) : [];
  const now = bundled.filter((name) => !waiting.some((w) => w.name === name));
  // Imported side by side (their files are read while others compile), registered in order.
  const plugins = await Promise.all([...now.map((specifier) => loadPlugin(specifier, userCwd(), true)), ...extra.map((specifier) => loadPlugin(specifier))]);
  return { bezzel: await registry([...plugins, ...modules]), plugins, ...(waiting.length > 0 ? { waiting } : {}) };
}

/**
 * The registry with some of the waiting plugins loaded too (each bundled plugin in its place in the default order,
 * so ties still go to the one registered first); the same setup when there are none.
 */
export async function withWaiting(setup: CliBezzel, names: readonly string[]): Promise<CliBezzel> {
  if (names.length === 0) return setup;
  const more = await Promise.all(names.map((specifier) => loadPlugin(specifier, userCwd(), true)));
  const rank = (plugin: LoadedPlugin) => defaultPlugins.indexOf(plugin.name);
  const plugins = [...setup.plugins, ...more].sort((a, b) => rank(a) - rank(b));
  const waiting = setup.waiting?.filter((w) => !names.includes(w.name)) ?? [];
  return { bezzel: await registry(plugins), plugins, ...(waiting.length > 0 ? { waiting } : {}) };
}

async function registry(plugins: readonly NamedPlugin[]): Promise<Bezzel> {
  try {
    return await createBezzel({ plugins });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError('ERR_PLUGIN', (error as Error).message);
  }
}

/** Writes the index of what the bundled plugins contribute (the build runs this once they are compiled). */
export async function writeBundledPluginIndex(file?: string): Promise<void> {
  const { bezzel } = await createCliBezzel();
  writePluginIndex(indexOf(bezzel, defaultPlugins, builtBytes), file);
}

/**
 * The size of a bundled plugin's built module (`dist/…js`), what stamps the index; undefined where the plugin
 * resolves to its TypeScript sources (the tests run them) or cannot be read.
 */
export function builtBytes(name: string): number | undefined {
  try {
    const path = fileURLToPath(resolvePlugin(name, userCwd(), true));
    return /\.[cm]?js$/.test(path) ? statSync(path).size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The plugins another thread needs for a task: those that contributed its piece, its strategy or a part the
 * strategy can use. Each thread loads what it is given, so leaving out the rest starts it sooner.
 */
export function pluginsFor(bezzel: Bezzel, plugins: readonly LoadedPlugin[], piece: string, strategy: SearchStrategy, options: Task['options'] = {}): LoadedPlugin[] {
  const kinds = new Set(optionList(strategy.meta).flatMap((o) => (o.partKind ? [o.partKind] : [])));
  // Strategies an option names (a pipeline's stages, a portfolio's members): their declarations are checked with
  // the options, so their plugins come along.
  const named = Object.values(options ?? {}).flatMap((value) => (typeof value === 'string' ? listOf(value) : [])).filter((id) => bezzel.strategy(id) !== undefined);
  const owners = new Set([
    bezzel.origin('piece', piece),
    bezzel.origin('strategy', strategy.meta.id),
    ...named.map((id) => bezzel.origin('strategy', id)),
    ...bezzel.parts.filter((p) => kinds.has(p.kind)).map((p) => bezzel.origin('part', `${p.kind}/${p.id}`)),
  ]);
  return plugins.filter((plugin) => owners.has(plugin.name));
}

/** Whether a strategy comes from a plugin the user named, not from bezzel's own. */
export function fromUserPlugin(bezzel: Bezzel, strategy: string): boolean {
  const owner = bezzel.origin('strategy', strategy);
  return owner === undefined || !defaultPlugins.includes(owner);
}
