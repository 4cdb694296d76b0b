import { UsageError } from '@bezzel/core';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { asWriteFailure, makeFolders, removeMade, writeWhole } from '@bezzel/files';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import packageJson from '../../package.json' with { type: 'json' };
import { createCliBezzel, userCwd } from './load-plugins.js';

/** What `bezzel init plugin` makes: a piece, a strategy, or both in one plugin. */
export type PluginKind = 'piece' | 'strategy' | 'both';

export interface InitPluginRequest {
  readonly name: string;
  readonly kind: PluginKind;
  /** The folder to make NAME/ in, as the user typed it; the current folder when absent. */
  readonly dir?: string;
}

/** What was written, for the lines the command prints and for tests. */
export interface InitPluginResult {
  readonly folder: string;
  readonly files: readonly string[];
  /** The packages linked into the folder's node_modules, by name, with the folder each link points to. */
  readonly links: ReadonlyMap<string, string>;
}

/** The name becomes the piece's or strategy's id and the package's name: the rule bezzel checks ids by. */
const NAME = /^[a-z][a-z0-9-]*$/;
const MAX_NAME = 50;

/**
 * Writes NAME/ with package.json, tsconfig.json, src/index.ts, src/index.test.ts and README.md (for both kinds,
 * src/piece.ts and src/strategy.ts with their tests, and an index joining them), and links bezzel's own packages
 * into NAME/node_modules, so that `bezzel … --plugin NAME` loads it at once. Its tests run with Node's own runner,
 * reading TypeScript through bezzel's plugin hooks; its type check (`npm test` runs it first) uses the TypeScript
 * the folder installs itself (`npm install`), which bezzel does not carry — in a bezzel checkout, which has it,
 * that is linked too. Every mistake is a UsageError: one line, exit code 2.
 */
export async function initPlugin(request: InitPluginRequest): Promise<InitPluginResult> {
  const { name, kind } = request;
  if (!NAME.test(name) || name.length > MAX_NAME) {
    throw new UsageError('ERR_NAME', `a plugin's name is its ${kind}'s id: lower-case letters, digits and dashes, starting with a letter, at most ${MAX_NAME} characters (not ${JSON.stringify(name)})`);
  }
  await refuseBundledId(name, kind);
  const parent = resolve(userCwd(), request.dir ?? '.');
  refuseMissingParent(request.dir ?? '.', parent);
  const folder = join(parent, name);
  refuseUsedFolder(folder);

  const templates = join(packageRoot('@bezzel/cli', import.meta.url), 'templates');
  const links = bezzelLinks();
  const fill = (text: string) =>
    text
      .replaceAll('{{name}}', name)
      .replaceAll('{{Symbol}}', name[0]!.toUpperCase())
      .replaceAll('{{install}}', dirname(links.get('@bezzel/core')!));
  const template = (file: string) => fill(readFileSync(join(templates, file), 'utf8'));
  const sources: [string, string][] =
    kind === 'both'
      ? [
          ['src/index.ts', fill(BOTH_INDEX)],
          // Each part's file and test as the single-kind templates have them, the test reading its own file.
          ['src/piece.ts', template('piece/src/index.ts')],
          ['src/piece.test.ts', template('piece/src/index.test.ts').replace("from './index.js'", "from './piece.js'")],
          ['src/strategy.ts', template('strategy/src/index.ts')],
          ['src/strategy.test.ts', template('strategy/src/index.test.ts').replace("from './index.js'", "from './strategy.js'")],
        ]
      : [
          ['src/index.ts', template(`${kind}/src/index.ts`)],
          ['src/index.test.ts', template(`${kind}/src/index.test.ts`)],
        ];
  const files: [string, string][] = [
    ['package.json', `${JSON.stringify(manifest(name, kind, links, sources.map(([file]) => file).filter((file) => file.endsWith('.test.ts'))), null, 2)}\n`],
    ['tsconfig.json', template('tsconfig.json')],
    ...sources,
    ['README.md', `${template(`${kind}/README.md`)}\n${template('README-end.md')}`],
  ];

  writing(folder, (made) => {
    for (const [file, text] of files) {
      made(makeFolders(dirname(join(folder, file))));
      writeWhole(join(folder, file), text);
    }
    for (const [pkg, target] of links) {
      const link = join(folder, 'node_modules', ...pkg.split('/'));
      made(makeFolders(dirname(link)));
      // A junction on Windows, where a plain directory link needs administrator rights.
      symlinkSync(target, link, 'junction');
    }
  });
  return { folder, files: files.map(([file]) => file), links };
}

/** The index of a plugin with both: the piece and the strategy, each from its own file. */
const BOTH_INDEX = `/**
 * {{name}}: a piece and a search strategy for bezzel, in one plugin. The piece is in piece.ts, the strategy in
 * strategy.ts (each with its test); this file puts them together, and is what \`--plugin .\` loads.
 */
import { pluginModule } from '@bezzel/core';
import { piece } from './piece.js';
import { strategy } from './strategy.js';

export { piece, strategy };

export default pluginModule({ pieces: [piece], strategies: [strategy] });
`;

/** Two plugins may not define the same id: a name a bundled piece or strategy has would fail at every load. */
async function refuseBundledId(name: string, kind: PluginKind): Promise<void> {
  const { bezzel } = await createCliBezzel();
  for (const what of kind === 'both' ? (['piece', 'strategy'] as const) : [kind]) {
    const taken = what === 'piece' ? bezzel.piece(name) !== undefined : bezzel.strategy(name) !== undefined;
    if (taken) throw new UsageError('ERR_NAME', `bezzel already has a ${what} named ${name}: choose another name (bezzel list shows them all)`);
  }
}

/**
 * NAME/ goes into a folder that exists: bezzel makes one folder, not a path of them (and Node's recursive mkdir
 * never returns under /proc).
 */
function refuseMissingParent(dir: string, parent: string): void {
  if (!existsSync(parent)) throw new UsageError('ERR_FOLDER', `--dir ${dir}: no such folder`);
  if (!statSync(parent).isDirectory()) throw new UsageError('ERR_FOLDER', `--dir ${dir}: not a folder`);
}

function refuseUsedFolder(folder: string): void {
  if (!existsSync(folder)) return;
  if (!statSync(folder).isDirectory()) throw new UsageError('ERR_FOLDER', `${folder} exists and is not a folder`);
  if (readdirSync(folder).length > 0) throw new UsageError('ERR_FOLDER', `${folder} already exists and is not empty: choose another name, or --dir another folder`);
}

/**
 * Runs the writes (each file whole, through the command's one writer), and when one fails takes away what it made
 * — the folders, and the files written into a folder that was there — so a second try does not find the folder
 * "not empty". A refusal of the file system (no space, no permission) is one line with exit code 74.
 */
function writing(folder: string, write: (made: (folders: readonly string[]) => void) => void): void {
  const made: string[] = [];
  try {
    made.push(...makeFolders(folder));
    write((folders) => made.push(...folders));
  } catch (error) {
    if (made[0] === folder) removeMade(made);
    else if (existsSync(folder)) for (const entry of readdirSync(folder)) rmSync(join(folder, entry), { recursive: true, force: true });
    throw asWriteFailure(error, folder);
  }
}

/**
 * The package.json of the new folder. The `file:` dependencies name the links `init` makes, so that `npm install`
 * keeps them instead of pruning them as unknown; TypeScript and Node's types, where not linked, come from the registry.
 */
function manifest(name: string, kind: PluginKind, links: ReadonlyMap<string, string>, tests: readonly string[]) {
  const linked = Object.fromEntries([...links].map(([pkg, target]) => [pkg, `file:${target}`]));
  return {
    name,
    version: '0.1.0',
    private: true,
    description: `${name}: ${kind === 'piece' ? 'a piece' : kind === 'strategy' ? 'a search strategy' : 'a piece and a search strategy'} for bezzel`,
    // A TypeScript plugin is an ES module.
    type: 'module',
    main: './src/index.ts',
    exports: './src/index.ts',
    // The type check first: a type error fails `npm test` (Node's test runner alone runs the code without looking at
    // types). TypeScript is run by path, which a link and an install alike provide.
    scripts: { typecheck: 'node node_modules/typescript/bin/tsc --noEmit', test: `npm run typecheck && node --import @bezzel/pool/register-typescript --test ${tests.join(' ')}` },
    devDependencies: { ...TYPE_CHECK, ...linked },
  };
}

/**
 * What the folder's type check installs from the registry: the TypeScript and Node types bezzel itself is built
 * and checked with (test/cli-init.test.ts holds these to the workspace's catalog).
 */
export const TYPE_CHECK = { typescript: '~5.9.3', '@types/node': '^20.19.0' } as const;

/**
 * bezzel's own packages, every `@bezzel/*` this command depends on, each by the folder it is installed in: a pnpm
 * checkout or an npm install alike; and TypeScript and Node's types where bezzel's install has them (a checkout).
 */
function bezzelLinks(): Map<string, string> {
  const links = new Map<string, string>();
  for (const pkg of Object.keys(packageJson.dependencies).filter((p) => p.startsWith('@bezzel/')).sort()) links.set(pkg, packageRoot(pkg));
  const cli = createRequire(join(packageRoot('@bezzel/cli', import.meta.url), 'package.json'));
  for (const pkg of Object.keys(TYPE_CHECK)) {
    try {
      links.set(pkg, realpathSync(dirname(cli.resolve(`${pkg}/package.json`))));
    } catch {
      // Not in this install: the folder's `npm install` fetches it.
    }
  }
  return links;
}

/**
 * The installed folder of one of this command's packages (links resolved): above its main file (or `from`), where
 * its package.json names it.
 */
export function packageRoot(pkg: string, from = import.meta.resolve(pkg)): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === pkg) return realpathSync(dir);
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the folder of ${pkg} above ${fileURLToPath(from)}`);
    dir = up;
  }
}

/** How the user ran bezzel, for the commands the README and the command print: `pnpm bezzel` in the checkout. */
export function invokedAs(): string {
  return process.env.npm_lifecycle_event === 'bezzel' ? 'pnpm bezzel' : 'bezzel';
}
