import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';

/** Every bare specifier a built file imports: static and dynamic imports, re-exports and bundled `require`s. */
export function bareSpecifiers(source: string): string[] {
  const found = new Set<string>();
  // `from` only after `import`/`export` (minified or not): text in a bundled string ("code from 'x'" in a Lua script) is not an import.
  const patterns = [/\b(?:import|export)\b[^"';]*?\bfrom\s*["']([^"'./][^"']*)["']/g, /\bimport\s*\(\s*["']([^"'./][^"']*)["']\s*\)/g, /\bimport\s*["']([^"'./][^"']*)["']/g, /\brequire\s*\(\s*["']([^"'./][^"']*)["']\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]!);
  return [...found].filter((specifier) => !isBuiltin(specifier));
}

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

/** The .js files under a folder. */
export function javascriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js') && !name.split(/[\\/]/).includes('node_modules'))
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
