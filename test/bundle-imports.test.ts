import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './support/cli.js';
import { bareSpecifiers, javascriptFiles, unresolvedImports } from './support/bare-imports.js';

/**
 * Every module a code path may load is there: each import in every built file — the lazily loaded chunks too
 * (the progress bar's, loaded only when a bar draws on a terminal) — names a package that Node finds from that
 * file. A dependency of a bundled dependency that was left outside the bundle (cli-progress's string-width) fails
 * here, not on a user's terminal. The release test walks the installed tarballs the same way.
 */
describe('built packages', () => {
  // The packages that ship (the web page is a site, bundled whole by Vite, not a package Node loads).
  const shipped = ['packages', 'plugins']
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
    .filter((dir) => existsSync(join(dir, 'package.json')) && !(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { private?: boolean }).private);
  const dists = shipped.map((dir) => join(dir, 'dist')).filter((dist) => existsSync(dist));

  it('find every package they import, from where they are', () => {
    const files = dists.flatMap(javascriptFiles);
    expect(files.length).toBeGreaterThan(30);
    expect(unresolvedImports(files)).toEqual([]);
  });

  it('the walk sees every kind of import (it would catch the bar library left outside its bundle)', () => {
    const source = 'import{a}from"x";import"y";const m=await import("z");const w=require("string-width");require("node:fs");export*from"./chunk.js";';
    expect(bareSpecifiers(source).sort()).toEqual(['string-width', 'x', 'y', 'z']);
    expect(unresolvedImports([join(root, 'packages/cli/dist/bin.js')])).toEqual([]);
  });
});

describe("the CLI bundle's start-up", () => {
  it("loads Node's child_process only when a command needs it (commander's is a stand-in until used)", () => {
    // Node's own record of the built-in modules a process loaded, written as it exits.
    const probe = "data:text/javascript,process.on('exit',()=>process.stderr.write('loaded:'+process.moduleLoadList.filter((m)=>/child_process|dgram/.test(m)).join(',')))";
    const run = spawnSync(process.execPath, ['--import', probe, join(root, 'packages/cli/bin/bezzel.mjs'), 'queens', '6', '--goal', 'count'], { encoding: 'utf8' });
    expect(run.stdout).toContain('4 solutions');
    expect(run.stderr).toContain('loaded:');
    expect(run.stderr.slice(run.stderr.indexOf('loaded:'))).toBe('loaded:');
  });
});
