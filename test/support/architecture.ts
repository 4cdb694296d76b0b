import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of the workspace's TypeScript sources, and the map of docs/architecture.md it is held to. The
 * graph is read from TypeScript's own syntax tree, which sees every kind of import: static, type-only, `export …
 * from`, `import()` and `typeof import()`.
 */

/** One import in a source file: the file (relative to the root), what it names, and what that resolves to. */
export interface Edge {
  readonly from: string;
  readonly specifier: string;
  /** A workspace file (relative path), a workspace package (`@bezzel/x`), `node`, or undefined (a third-party package). */
  readonly to: string | undefined;
  /** Erased when compiled (`import type`, `typeof import()`): it couples the code, but loads nothing. */
  readonly typeOnly?: boolean;
}

/** Every .ts source file of the packages and plugins (tests too), relative to the root. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const group of ['packages', 'plugins']) {
    for (const name of readdirSync(join(root, group))) {
      const src = join(root, group, name, 'src');
      if (!existsSync(src)) continue;
      for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
        if (file.endsWith('.ts') && !file.endsWith('.d.ts')) files.push(relative(root, join(src, file)));
      }
    }
  }
  return files.sort();
}

/** The workspace's packages by name: `@bezzel/core` → `packages/core`. */
export function workspacePackages(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const group of ['packages', 'plugins']) {
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, 'package.json');
      if (existsSync(manifest)) found.set((JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name, `${group}/${name}`);
    }
  }
  return found;
}

/** Every import of every file. */
export function importEdges(root: string, files: readonly string[]): Edge[] {
  const known = new Set(files);
  const packages = workspacePackages(root);
  const edges: Edge[] = [];
  for (const from of files) {
    for (const { specifier, typeOnly } of importsOf(from, readFileSync(join(root, from), 'utf8'))) {
      edges.push({ from, specifier, to: resolveSpecifier(root, from, specifier, known, packages), ...(typeOnly ? { typeOnly } : {}) });
    }
  }
  return edges;
}

/** The module specifiers a file names, each with whether only types come from it. */
function importsOf(file: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes = clause !== undefined && (clause.isTypeOnly || (!clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: onlyTypes });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return found;
}

function resolveSpecifier(root: string, from: string, specifier: string, known: ReadonlySet<string>, packages: ReadonlyMap<string, string>): string | undefined {
  if (specifier.startsWith('.')) {
    const target = relative(root, resolve(root, dirname(from), specifier));
    for (const candidate of [target.replace(/\.(m?)js$/, '.$1ts'), target, `${target}.ts`, join(target, 'index.ts')]) if (known.has(candidate)) return candidate;
    return target;
  }
  if (specifier.startsWith('node:') || isBuiltin(specifier)) return 'node';
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return packages.has(name) ? name : undefined;
}

/** The package folder a file is in (`plugins/queen/src/x.ts` → `plugins/queen`). */
export function packageOf(file: string): string {
  return file.split('/').slice(0, 2).join('/');
}

/** A room of the map: its folders (a `*` matches any one name), and the rooms its code may import. */
export interface Room {
  readonly name: string;
  readonly folders: readonly string[];
  readonly mayImport: ReadonlySet<string>;
}

/** A rule that holds for tests too: files matching `files` (but `except`) must not import `forbidden`. */
export interface Rule {
  readonly name: string;
  readonly files: readonly string[];
  readonly except: readonly string[];
  readonly forbidden: string;
}

/** A room inside the command line: a folder of packages/cli/src and the rooms it must not import. */
export interface CliRoom {
  readonly name: string;
  readonly folder: string;
  readonly mustNotImport: ReadonlySet<string>;
}

/** The map of docs/architecture.md: its three tables, read as data. */
export interface ArchitectureMap {
  readonly rooms: readonly Room[];
  readonly rules: readonly Rule[];
  readonly cliRooms: readonly CliRoom[];
}

const list = (cell: string) => (cell.trim() === '—' ? [] : cell.split(',').map((s) => s.trim()).filter(Boolean));

/** The rows of the markdown table whose header row starts with `header`. */
function tableRows(markdown: string, header: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  if (start < 0) throw new Error(`docs/architecture.md has no table headed "${header}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows;
}

/** Reads the map from docs/architecture.md. */
export function readMap(markdown: string): ArchitectureMap {
  const rooms = tableRows(markdown, 'floor').map(([, name, folders, may]) => ({ name: name!, folders: list(folders!), mayImport: new Set(list(may!)) }));
  const rules = tableRows(markdown, 'rule').map(([name, files, forbidden]) => {
    const [included, excluded = ''] = files!.split(' but ');
    return { name: name!, files: list(included!), except: list(excluded), forbidden: forbidden!.trim() };
  });
  const cliRooms = tableRows(markdown, 'room').map(([name, folder, , mustNot]) => ({ name: name!, folder: folder!.replace(/\/$/, ''), mustNotImport: new Set(list(mustNot!)) }));
  return { rooms, rules, cliRooms };
}

const matches = (pattern: string, folder: string) => new RegExp(`^${pattern.replace(/\*/g, '[^/]+')}$`).test(folder);

/** The room of a package folder: the row naming it exactly, else the one whose pattern matches it. */
export function roomOf(map: ArchitectureMap, folder: string): Room | undefined {
  return map.rooms.find((room) => room.folders.includes(folder)) ?? map.rooms.find((room) => room.folders.some((pattern) => matches(pattern, folder)));
}

/**
 * The imports the map forbids, one line each: code importing a room its row does not list (tests aside), a rule
 * broken (tests included), a command-line room importing one it must not.
 */
export function violations(map: ArchitectureMap, edges: readonly Edge[], packages: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  const isTest = (file: string) => /\.test\.ts$|\/testing\//.test(file);
  for (const edge of edges) {
    const fromPackage = packageOf(edge.from);
    const room = roomOf(map, fromPackage);
    if (!room) {
      found.push(`${edge.from}: its folder ${fromPackage} is in no room of docs/architecture.md`);
      continue;
    }
    for (const rule of map.rules) {
      const applies = rule.files.some((p) => matches(p, fromPackage)) && !rule.except.some((p) => matches(p, fromPackage));
      if (applies && edge.to === rule.forbidden) found.push(`${edge.from} imports ${edge.specifier}, which "${rule.name}" forbids`);
    }
    if (isTest(edge.from) || edge.to === undefined) continue;
    if (edge.to === 'node') {
      // A type of Node's (`typeof import('node:worker_threads')`) loads nothing: the browser never sees it.
      if (!room.mayImport.has('node') && !edge.typeOnly) found.push(`${edge.from} imports ${edge.specifier}: room ${room.name} runs in a browser (no node in its row)`);
      continue;
    }
    const toPackage = edge.to.startsWith('@') ? packages.get(edge.to) : packageOf(edge.to);
    if (toPackage === undefined || toPackage === fromPackage) continue;
    const target = roomOf(map, toPackage);
    if (!target || !room.mayImport.has(target.name)) found.push(`${edge.from} imports ${edge.specifier}: room ${room.name} may import ${[...room.mayImport].join(', ') || 'nothing'}, not ${target?.name ?? toPackage}`);
  }
  const cli = 'packages/cli/src/';
  const cliRoomOf = (file: string) => map.cliRooms.find((r) => file.startsWith(`${cli}${r.folder}/`));
  for (const edge of edges) {
    const from = cliRoomOf(edge.from);
    const to = edge.to && edge.to.startsWith(cli) ? cliRoomOf(edge.to) : undefined;
    if (from && to && from !== to && from.mustNotImport.has(to.name)) found.push(`${edge.from} imports ${edge.specifier}: the command line's ${from.name}/ must not import ${to.name}/`);
    else if (to?.name === 'commands' && edge.from !== `${cli}program.ts` && from?.name !== 'commands') found.push(`${edge.from} imports ${edge.specifier}: only program.ts imports commands/`);
  }
  return found;
}

/** The import circles among the files (Tarjan's strongly connected components of more than one file, or a file importing itself). */
export function circles(edges: readonly Edge[], files: readonly string[]): string[][] {
  const known = new Set(files);
  const graph = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const { from, to } of edges) if (to && known.has(to) && known.has(from)) graph.get(from)!.push(to);
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
