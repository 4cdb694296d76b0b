import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';

/** Every bare specifier a built file imports: static and dynamic imports, re-exports and bundled `require`s. */
export function bareSpecifiers(source: string): string[] {
  const found = new Set<string>();
  // `from` only after `import`/`export` (minified or not): text in a bundled string ("code from 'x'" in a Lua script) is not an import.
  const patterns = [/\b(?:import|export)\b[^"';]*?\bfrom\s*["']([^"'./][^"']*)["']/g, /\bimport\s*\(\s*["']([^"'./][^"']*)["']\s*\)/g, /\bimport\s*["']([^"'./][^"']*)["']/g, /\brequire\s*\(\s*["']([^"'./][^"']*)["']\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]!);
  return [...found].filter((specifier) => !isBuiltin(specifier) && PACKAGE_NAME.test(packageName(specifier)) && !NEVER_IMPORTED.has(packageName(specifier)));
}

/** What npm accepts as a package's name: anything else the patterns find is text in a string, not an import. */
const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/**
 * Names that bundled code spells as imports without ever importing them, each with why: the walk reads text, and
 * these are text.
 */
const NEVER_IMPORTED = new Set([
  // Sucrase (compiled into @bezzel/pool) writes `require('react-hot-loader')` and `require('flow-enums-runtime')`
  // into the code of JSX and Flow files, which bezzel never asks it to read.
  'react-hot-loader',
  'flow-enums-runtime',
  // msgpackr (compiled into @bezzel/queue) tries its native extension and decodes in JavaScript without it; it is
  // never installed (scripts/bundled.mjs, neverBundled).
  'msgpackr-extract',
]);

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Whether Node's lookup from `file` (each `node_modules` up the folders) finds the package. */
export function findsPackage(file: string, name: string): boolean {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/**
 * The .js files under a folder that Node runs: not those of a dependency's own node_modules, nor the files a web
 * page serves to a browser (bull-board's page, copied beside the dashboard's bundle: scripts/bundled.mjs, copied).
 */
export function javascriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js') && !name.split(/[\\/]/).some((part) => part === 'node_modules' || part === 'bull-board-ui'))
    .map((name) => join(folder, name));
}

/** Each import in the files that Node would fail to find at run time, as `file: specifier`. */
export function unresolvedImports(files: readonly string[]): string[] {
  const missing: string[] = [];
  for (const file of files) {
    for (const specifier of bareSpecifiers(readFileSync(file, 'utf8'))) {
      if (!findsPackage(file, packageName(specifier))) missing.push(`${file}: ${specifier}`);
    }
  }
  return missing;
}
