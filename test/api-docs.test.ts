import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './support/cli.js';

/**
 * The API reference (`pnpm docs:api`, TypeDoc over typedoc.json) is made from the doc comments, and every export a
 * plugin author meets must have one: typedoc.json makes an undocumented export, a broken {@link} or a type that
 * is used but not exported a warning, and warnings errors. Checked here without writing the HTML.
 */
const typedoc = join(root, 'node_modules/typedoc/bin/typedoc');
const run = promisify(execFile);

async function typedocRun(args: string[], cwd = root): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [typedoc, '--emit', 'none', ...args], { cwd });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: Number(e.code ?? 1), output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const probe = mkdtempSync(join(tmpdir(), 'bezzel-typedoc-'));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe.concurrent('the API reference', () => {
  it('documents every export of @bezzel/core, render, min-conflicts and backtracking: TypeDoc warns of nothing', async () => {
    const r = await typedocRun([]);
    expect(r.output).not.toMatch(/warning|error/i);
    expect(r.code).toBe(0);
  });

  it('fails on an export without a doc comment, with the settings of typedoc.json', async () => {
    writeFileSync(join(probe, 'package.json'), JSON.stringify({ name: 'probe', type: 'module' }));
    writeFileSync(join(probe, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, types: [] }, include: ['index.ts'] }));
    writeFileSync(join(probe, 'index.ts'), '/** Documented. */\nexport const documented = 1;\nexport function forgotten(): number {\n  return 2;\n}\n');
    // The project's settings, with this folder's entry point instead of bezzel's packages.
    const settings = { extends: [join(root, 'typedoc.json')], entryPoints: ['index.ts'], tsconfig: 'tsconfig.json', packagesRequiringDocumentation: ['probe'], readme: 'none', projectDocuments: [] };
    writeFileSync(join(probe, 'typedoc.json'), JSON.stringify(settings));
    const r = await typedocRun([], probe);
    expect(r.output).toMatch(/forgotten \(CallSignature\), defined in probe\/index\.ts, does not have any documentation/);
    expect(r.output).not.toMatch(/documented \(Variable\).*does not have any documentation/);
    expect(r.code).not.toBe(0);
  });
});
