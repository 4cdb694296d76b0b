#!/usr/bin/env node
/**
 * `pnpm build:lib`: every package and plugin to its `dist/`, what `bezzel` runs and what `npm install` ships.
 *
 * - JavaScript by esbuild: one ES module per entry in the package's `exports` (its `@bezzel/source` path), every
 *   dependency left as an import. Bundling a package into one file is what makes start-up cheap (a plugin is one
 *   file to read, not ten); leaving dependencies outside keeps one shared `@bezzel/core` and lets a user's
 *   plugin import the same one. Dynamic `import()`s become chunks, so a command loads only what it uses.
 * - Declarations by `tsc -b` (project references, incremental): the type check of every package comes with them.
 *
 * esbuild rather than tsup/tsdown: it is already in the tree (under tsx and vite), is stable, builds every
 * package in one process in well under a second, and tsdown's current releases need Node 22. Declarations come
 * from tsc itself, the one tool that is sure to get them right.
 *
 *   node scripts/build.mjs           JavaScript and declarations
 *   node scripts/build.mjs --js      JavaScript only (what tests and benchmarks need to run)
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isBuiltin } from 'node:module';

const root = join(import.meta.dirname, '..');

/**
 * Dependencies compiled into a package's bundle instead of imported at run time. inversify 8 ships as about
 * 350 separate ES modules, which take Node a quarter of a second to find and link: more than everything else a
 * command does. Inside @bezzel/core's one file they cost a few milliseconds. Only the core imports inversify
 * (plugins build their modules with `pluginModule`), so there is still one container implementation; inversify
 * stays a dependency of the core for the types its declarations name, and for its licence.
 */
const bundled = {
  '@bezzel/core': [/^inversify$/, /^@inversifyjs\//, /^reflect-metadata(\/|$)/, /^valibot$/],
  // CommonJS packages, which Node otherwise loads through its CommonJS loader and scans for exports (20 ms).
  '@bezzel/cli': [/^commander$/, /^cli-progress$/],
};

/** Bundled CommonJS calls `require` for Node's own modules; an ES module has none unless it makes one. */
const requireShim = "import { createRequire as __bezzelRequire } from 'node:module'; const require = __bezzelRequire(import.meta.url);";

/**
 * esbuild leaves every package import as it is, but those a package bundles — and everything those import in
 * turn. A bundled dependency's own dependencies (cli-progress's `string-width`, loaded only once a bar draws)
 * are not dependencies of the package, so pnpm's strict layout and an npm install alike cannot resolve them at
 * run time: they must be inside the bundle. test/bundle-imports.test.ts walks every built file for an import
 * that would not resolve.
 */
function externals(name) {
  const inside = bundled[name] ?? [];
  const fromBundledDependency = (importer) => /[\\/]node_modules[\\/]/.test(importer);
  return {
    name: 'externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        inside.some((re) => re.test(args.path)) || (inside.length > 0 && fromBundledDependency(args.importer) && !args.path.startsWith('node:') && !isBuiltin(args.path))
          ? undefined
          : { path: args.path, external: true },
      );
    },
  };
}
const jsOnly = process.argv.includes('--js');
const started = performance.now();

/** The workspace packages that ship: every package and plugin with a `dist` export, not the web page. */
function packages() {
  const dirs = ['packages', 'plugins'].flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)));
  return dirs
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private);
}

/** The entries of a package: each `@bezzel/source` path of its `exports`, and `src/bin.ts` behind a `bin`. */
function entries({ dir, manifest }) {
  const exported = Object.values(manifest.exports ?? {})
    .map((conditions) => (typeof conditions === 'object' ? conditions['@bezzel/source'] : undefined))
    .filter((path) => typeof path === 'string');
  return manifest.bin && existsSync(join(dir, 'src/bin.ts')) ? [...exported, './src/bin.ts'] : exported;
}

async function buildJavaScript(pkg) {
  const outdir = join(pkg.dir, 'dist');
  // Stale chunks of an earlier build would ship with the next pack; declarations stay (tsc -b is incremental).
  for (const name of existsSync(outdir) ? readdirSync(outdir, { recursive: true }) : []) {
    if (/\.js(\.map)?$/.test(name)) rmSync(join(outdir, name), { force: true });
  }
  await build({
    absWorkingDir: pkg.dir,
    entryPoints: entries(pkg),
    outdir,
    outbase: 'src',
    bundle: true,
    // The CLI's commands import their heavy parts on demand: those become chunks. Elsewhere each entry is one
    // self-contained file, so `new URL('./worker.js', import.meta.url)` names a file beside it.
    splitting: pkg.manifest.name === '@bezzel/cli',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externals(pkg.manifest.name)],
    ...(bundled[pkg.manifest.name] ? { banner: { js: requireShim } } : {}),
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
}

const all = packages();
await Promise.all(all.map(buildJavaScript));
const jsMs = performance.now() - started;

if (!jsOnly) {
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}
const where = relative(process.cwd(), root) || '.';
console.log(`built ${all.length} packages in ${where}: JavaScript ${(jsMs / 1000).toFixed(2)} s${jsOnly ? '' : `, declarations ${((performance.now() - started - jsMs) / 1000).toFixed(1)} s`}`);
