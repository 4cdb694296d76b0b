#!/usr/bin/env node
/**
 * `pnpm release:pack`: what a user installs.
 *
 *   release/bezzel-<version>.tgz     the `bezzel` command: one file, every @bezzel package bundled inside it
 *                                    npm install -g ./release/bezzel-<version>.tgz
 *   release/lib/*.tgz                each package alone, for a project that uses the library
 *                                    npm install ./release/lib/bezzel-core-*.tgz ./release/lib/bezzel-queen-*.tgz …
 *
 * The command's tarball is a package named `bezzel` whose `bundleDependencies` are the @bezzel packages, each as
 * `pnpm pack` makes it (versions written in for `workspace:*` and `catalog:`, only its `files`), so npm takes them
 * from the tarball and fetches from the registry only the third-party packages they import, once each, side by
 * side in bezzel's own node_modules. What is compiled into a package's bundle (see scripts/bundled.mjs) is not
 * fetched at all; what only one rarely used output needs is an optional peer that the command names when it is
 * missing (PDF charts).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeCliDocs } from './cli-docs.mjs';
import { bundled } from './bundled.mjs';

const root = join(import.meta.dirname, '..');
const release = join(root, 'release');
const lib = join(release, 'lib');
const stage = join(release, '.stage');
const pnpm = process.env.npm_execpath && /pnpm/.test(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
const runPnpm = (args, cwd) => run(pnpm[0], [...pnpm.slice(1), ...args], cwd);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));


execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
rmSync(release, { recursive: true, force: true });
mkdirSync(lib, { recursive: true });

// Each package alone, as `pnpm pack` makes it. The tutorial and the API reference go into @bezzel/cli's docs/ for
// its tarball (its `files` name the folder), and out again once packed: they are made from docs/ and the sources.
const cliDocs = writeCliDocs();
const dirs = ['packages', 'plugins'].flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)));
const packed = [];
for (const dir of dirs) {
  if (!existsSync(join(dir, 'package.json'))) continue;
  const manifest = readJson(join(dir, 'package.json'));
  if (manifest.private) continue;
  const licence = join(dir, 'LICENSE');
  copyFileSync(join(root, 'LICENSE'), licence);
  try {
    runPnpm(['pack', '--pack-destination', lib], dir);
  } finally {
    rmSync(licence, { force: true });
  }
  packed.push(manifest.name);
}
rmSync(cliDocs, { recursive: true, force: true });

// The command: every package unpacked into the stage's node_modules, bundled by a package of its own.
const cli = readJson(join(root, 'packages/cli/package.json'));
const version = cli.version;
const dependencies = {};
const peers = {};
mkdirSync(join(stage, 'bin'), { recursive: true });
for (const tarball of readdirSync(lib).filter((f) => f.endsWith('.tgz'))) {
  const unpacked = join(stage, 'unpacked');
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked);
  run('tar', ['-xzf', join(lib, tarball), '-C', unpacked, '--strip-components=1'], root);
  const manifest = readJson(join(unpacked, 'package.json'));
  const inside = bundled[manifest.name] ?? [];
  for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
    if (name.startsWith('@bezzel/') || inside.some((re) => re.test(name))) continue;
    if (dependencies[name] !== undefined && dependencies[name] !== range) throw new Error(`${manifest.name} wants ${name}@${range}, another package ${dependencies[name]}`);
    dependencies[name] = range;
  }
  // Optional peers: large packages one rarely used output needs (PDF charts), which a command that needs them names
  // when they are missing (`npm install -g pdfkit svg-to-pdfkit`). Installed globally beside bezzel, Node finds them.
  for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) if (manifest.peerDependenciesMeta?.[name]?.optional) peers[name] = range;
  // Inside the command its third-party packages are the command's own; what the bundle compiled in is not needed.
  delete manifest.dependencies;
  delete manifest.devDependencies;
  delete manifest.peerDependencies;
  delete manifest.peerDependenciesMeta;
  writeFileSync(join(unpacked, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const target = join(stage, 'node_modules', manifest.name);
  mkdirSync(join(target, '..'), { recursive: true });
  run('mv', [unpacked, target], root);
}
const names = packed.sort();
const command = {
  name: 'bezzel',
  version,
  description: cli.description,
  keywords: cli.keywords,
  license: cli.license,
  homepage: 'https://github.com/bezzel/bezzel#readme',
  repository: { type: 'git', url: cli.repository.url },
  bugs: cli.bugs,
  type: 'module',
  engines: cli.engines,
  bin: { bezzel: './bin/bezzel.mjs' },
  files: ['bin', 'README.md', 'LICENSE'],
  dependencies: { ...Object.fromEntries(names.map((name) => [name, version])), ...sortedKeys(dependencies) },
  bundleDependencies: names,
  peerDependencies: sortedKeys(peers),
  peerDependenciesMeta: Object.fromEntries(Object.keys(peers).sort().map((name) => [name, { optional: true }])),
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(command, null, 2)}\n`);
writeFileSync(
  join(stage, 'bin', 'bezzel.mjs'),
  "#!/usr/bin/env node\n// The `bezzel` command, from the @bezzel/cli bundled with it.\nawait import('@bezzel/cli/bin');\n",
  { mode: 0o755 },
);
copyFileSync(join(root, 'README.md'), join(stage, 'README.md'));
copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
run('npm', ['pack', '--pack-destination', release, '--silent'], stage);
rmSync(stage, { recursive: true, force: true });

const tarball = readdirSync(release).find((f) => f.endsWith('.tgz'));
console.log(`packed the command into ${relative(process.cwd(), join(release, tarball))} and ${packed.length} packages into ${relative(process.cwd(), lib)}/`);
console.log(`install the command with: npm install -g ./${relative(process.cwd(), join(release, tarball))}`);

function sortedKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
}
