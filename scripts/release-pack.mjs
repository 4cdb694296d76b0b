#!/usr/bin/env node
/**
 * `pnpm release:pack`: what a user installs, as one `.tgz` per package in `release/`.
 *
 *   npm install -g ./release/*.tgz        the `bezzel` command, with every bundled plugin
 *   npm install ./release/bezzel-core-*.tgz ./release/bezzel-queen-*.tgz …   the library in a project
 *
 * Install the tarballs together: each names its siblings by exact version, which npm then takes from the
 * tarballs beside it rather than from the registry. `pnpm pack` writes the versions in for `workspace:*`
 * and `catalog:` and leaves out everything but `files` (dist, README, the licence copied in here).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeCliDocs } from './cli-docs.mjs';

const root = join(import.meta.dirname, '..');
const release = join(root, 'release');
const pnpm = process.env.npm_execpath && /pnpm/.test(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['pnpm'];
const run = (args, cwd) => execFileSync(pnpm[0], [...pnpm.slice(1), ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
rmSync(release, { recursive: true, force: true });
mkdirSync(release);

// The tutorial and the API reference go into @bezzel/cli's docs/ for its tarball (its `files` name the folder),
// and out again once packed: they are made from docs/ and the sources, not kept twice.
const cliDocs = writeCliDocs();
const dirs = ['packages', 'plugins'].flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)));
const packed = [];
for (const dir of dirs) {
  if (!existsSync(join(dir, 'package.json'))) continue;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (manifest.private) continue;
  const licence = join(dir, 'LICENSE');
  copyFileSync(join(root, 'LICENSE'), licence);
  try {
    run(['pack', '--pack-destination', release], dir);
  } finally {
    rmSync(licence, { force: true });
  }
  packed.push(manifest.name);
}
rmSync(cliDocs, { recursive: true, force: true });
const tarballs = readdirSync(release).filter((f) => f.endsWith('.tgz'));
console.log(`packed ${packed.length} packages into ${relative(process.cwd(), release) || '.'}/: ${tarballs.join(' ')}`);
console.log('install the command with: npm install -g ./release/*.tgz');
