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
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { isBuiltin } from 'node:module';
import { bundled, codeCached, copied, neverBundled } from './bundled.mjs';
import { removeStaleDeclarations } from './stale-declarations.mjs';

const root = join(import.meta.dirname, '..');

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
        !neverBundled.some((re) => re.test(args.path)) &&
        (inside.some((re) => re.test(args.path)) || (inside.length > 0 && fromBundledDependency(args.importer) && !args.path.startsWith('node:') && !isBuiltin(args.path)))
          ? undefined
          : { path: args.path, external: true },
      );
    },
  };
}
/**
 * commander requires `node:child_process` as it loads, for subcommands run as programs of their own, which bezzel
 * has none of; with it come Node's sockets (net, dgram): 2 ms of every command. Inside a bundle that compiles a
 * CommonJS dependency in, that dependency gets a stand-in that requires the module the first time a property is
 * read, as commander would only on such a subcommand.
 */
function lazyBuiltins(name) {
  const lazy = { '@bezzel/cli': [/[\\/]commander[\\/]/] }[name] ?? [];
  return {
    name: 'lazy-builtins',
    setup(build) {
      build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
        lazy.some((re) => re.test(args.importer)) ? { path: 'node:child_process', namespace: 'lazy-builtin' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
        contents: `let real; module.exports = new Proxy({}, { get: (_, key) => (real ??= require(${JSON.stringify(args.path)}))[key] });`,
        loader: 'js',
      }));
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
    if (/\.c?js(\.map)?$/.test(name)) rmSync(join(outdir, name), { force: true });
  }
  const cached = codeCached.includes(pkg.manifest.name);
  const options = {
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
    plugins: [lazyBuiltins(pkg.manifest.name), externals(pkg.manifest.name)],
    ...(bundled[pkg.manifest.name] ? { banner: { js: requireShim } } : {}),
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    metafile: true,
  };
  // A code-cached package's ES module is what a browser (or any other runtime) loads: `index.browser.js`.
  const { metafile } = await build(cached ? { ...options, entryNames: '[dir]/[name].browser' } : options);
  if (bundled[pkg.manifest.name]) withoutUnusedRequire(pkg, metafile);
  if (cached) await buildCodeCached(pkg, options, metafile);
  const assets = copied.filter(([name]) => name === pkg.manifest.name).map(([, from, to]) => copyAsset(pkg, from, to));
  writeThirdPartyLicences(pkg, metafile, assets);
  await makeAssets(pkg, outdir);
}

/**
 * The `require` banner off every file that does not use it: most of the CLI's chunks, and the core's ES module,
 * which a browser could not load with it (`node:module`). Each one made a `require` as it loaded, 0.1 ms apiece.
 * A file keeps it wherever the word `require` appears in its own code; its source map loses the banner's line.
 */
function withoutUnusedRequire(pkg, metafile) {
  for (const output of Object.keys(metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const file = join(pkg.dir, output);
    const code = readFileSync(file, 'utf8');
    if (!code.startsWith(`${requireShim}\n`)) continue;
    const rest = code.slice(requireShim.length + 1);
    if (/(?<![\w$.])require\b/.test(rest)) continue;
    writeFileSync(file, rest);
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    map.mappings = map.mappings.replace(/^;/, '');
    writeFileSync(`${file}.map`, JSON.stringify(map));
  }
}

/**
 * The Node build of a code-cached package (`codeCached`): each entry's code as a CommonJS body
 * (`[name].body.cjs`), and `[name].js`, the ES module Node loads, which runs the body through the code cache
 * (scripts/code-cache.mjs, bundled in) and exports what the ES module build exports, by the same names.
 */
async function buildCodeCached(pkg, options, esmMetafile) {
  const { banner, ...common } = options;
  await build({ ...common, format: 'cjs', entryNames: '[dir]/[name].body', outExtension: { '.js': '.cjs' }, metafile: false });
  for (const [output, { entryPoint, exports }] of Object.entries(esmMetafile.outputs)) {
    if (!entryPoint) continue;
    const name = basename(output, '.browser.js');
    const folder = join(pkg.dir, dirname(output));
    const body = `${name}.body.cjs`;
    const hash = createHash('sha256').update(readFileSync(join(folder, body))).digest('hex').slice(0, 16);
    const named = exports.filter((e) => e !== 'default');
    const bad = named.find((e) => !/^[A-Za-z_$][\w$]*$/.test(e));
    if (bad) throw new Error(`${pkg.manifest.name}: export "${bad}" is not a name a facade can declare`);
    const contents = [
      `import { loadBody } from ${JSON.stringify(join(root, 'scripts/code-cache.mjs'))};`,
      `const body = loadBody(new URL(${JSON.stringify(`./${body}`)}, import.meta.url), { name: ${JSON.stringify(pkg.manifest.name)}, build: ${JSON.stringify(hash)} });`,
      `export const { ${named.join(', ')} } = body;`,
      ...(exports.includes('default') ? ['export default body.default;'] : []),
    ].join('\n');
    await build({
      stdin: { contents, resolveDir: folder, sourcefile: `${name}.facade.js` },
      outfile: join(folder, `${name}.js`),
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      legalComments: 'none',
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: 'warning',
    });
  }
}

/**
 * Files a package makes from its own code at build time (the constellations plugin's prebuilt kernels): its
 * `src/build-assets.ts` exports `assets()`, each file's path in `dist/` and bytes, and the `assetFolders` it
 * fills (emptied first). Bundled here as the package's code was, and run once; it writes nothing itself, so the
 * plugin's code stays free of Node's modules (it runs in the browser too).
 */
async function makeAssets(pkg, outdir) {
  const entry = join(pkg.dir, 'src/build-assets.ts');
  if (!existsSync(entry)) return;
  const { outputFiles } = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'warning' });
  const script = join(tmpdir(), `bezzel-build-assets-${process.pid}-${basename(pkg.dir)}.mjs`);
  writeFileSync(script, outputFiles[0].contents);
  try {
    const { assets, assetFolders = [] } = await import(pathToFileURL(script).href);
    for (const folder of assetFolders) rmSync(join(outdir, folder), { recursive: true, force: true });
    for (const { path, bytes } of assets()) {
      mkdirSync(dirname(join(outdir, path)), { recursive: true });
      writeFileSync(join(outdir, path), bytes);
    }
  } finally {
    rmSync(script, { force: true });
  }
}

/** Copies a dependency's folder (`@scope/name/sub`) into the package's dist; returns the dependency's own folder. */
function copyAsset(pkg, from, to) {
  const [name, ...sub] = from.startsWith('@') ? [from.split('/').slice(0, 2).join('/'), ...from.split('/').slice(2)] : from.split('/');
  // pnpm's strict layout: the folder may be a dependency of a bundled dependency, found from any of them.
  const bases = [join(pkg.dir, 'package.json'), ...Object.keys(pkg.manifest.dependencies ?? {}).flatMap((dep) => {
    try {
      return [createRequire(join(pkg.dir, 'package.json')).resolve(`${dep}/package.json`)];
    } catch {
      return [];
    }
  })];
  for (const base of bases) {
    try {
      const folder = dirname(realpathSync(createRequire(base).resolve(`${name}/package.json`)));
      rmSync(join(pkg.dir, 'dist', to), { recursive: true, force: true });
      cpSync(join(folder, ...sub), join(pkg.dir, 'dist', to), { recursive: true });
      return folder;
    } catch {
      // Not found from there; the next.
    }
  }
  throw new Error(`${pkg.manifest.name}: cannot find ${from} to copy into dist/${to}`);
}

/**
 * The licences of the third-party code compiled into a package's bundle, in `dist/THIRD-PARTY-LICENSES.txt`:
 * that code ships inside the package, so its notices do too. Found from esbuild's list of the files it read.
 */
function writeThirdPartyLicences(pkg, metafile, assets) {
  const file = join(pkg.dir, 'dist', 'THIRD-PARTY-LICENSES.txt');
  const folders = new Set(assets);
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(join(pkg.dir, input));
    if (match) folders.add(match[1]);
  }
  if (folders.size === 0) return rmSync(file, { force: true });
  const notices = [...folders].sort().map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const licence = readdirSync(folder).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
    const text = licence ? readFileSync(join(folder, licence), 'utf8').trim() : `License: ${manifest.license ?? 'see the package'}`;
    return `${manifest.name}@${manifest.version}\n\n${text}\n`;
  });
  writeFileSync(file, `Third-party code compiled into ${pkg.manifest.name}'s bundle, with its licences.\n\n${notices.join('\n----\n\n')}`);
}

const all = packages();
await Promise.all(all.map(buildJavaScript));
// What each bundled plugin contributes, read from the plugins just built: a command loads only those it needs.
// In a process of its own, so that this one's module cache holds nothing of the build's output.
// Its run is no command's: the core's code cache (scripts/code-cache.mjs) is left for the first command to write.
const indexed = spawnSync(process.execPath, ['--input-type=module', '-e', "await (await import('@bezzel/cli')).writeBundledPluginIndex()"], {
  cwd: join(root, 'packages/cli'),
  stdio: 'inherit',
  env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
});
if (indexed.status !== 0) process.exit(indexed.status ?? 1);
const jsMs = performance.now() - started;

if (!jsOnly) {
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
  for (const pkg of all) {
    const keep = copied.filter(([name]) => name === pkg.manifest.name).map(([, , to]) => to);
    const removed = removeStaleDeclarations(join(pkg.dir, 'dist'), join(pkg.dir, 'src'), keep);
    if (removed.length > 0) console.log(`${pkg.manifest.name}: removed ${removed.length} declaration file(s) whose source is gone`);
  }
}
const where = relative(process.cwd(), root) || '.';
console.log(`built ${all.length} packages in ${where}: JavaScript ${(jsMs / 1000).toFixed(2)} s${jsOnly ? '' : `, declarations ${((performance.now() - started - jsMs) / 1000).toFixed(1)} s`}`);
