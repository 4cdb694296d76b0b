import { exec } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, root } from './support/cli.js';

/**
 * The README's examples, run as printed: each `pnpm bezzel …` line of its sh blocks goes to a shell in the
 * checkout, redirections and all, and must end with the exit code it is meant to (0, unless its comment or the
 * table below says otherwise); a comment that promises a number must find it in the output; files it writes must
 * be what their names say. The lines left out are listed with why: they need a server of their own, or are set-up
 * that other tests run the same way.
 */
const run = promisify(exec);

/** What a line's comment implies about its exit code: a check that finds a fault, a budget that runs out. */
const EXIT_OF: readonly (readonly [RegExp, number])[] = [
  [/exit code 3/, 3],
  [/^pnpm bezzel check queen --dominate c4,d4,e4,c5/, 1],
  [/^pnpm bezzel check queen "0 4 6 3 7 2 5 1"/, 1],
  [/^pnpm bezzel check knight --tour -n 5 "a1 b3 c5 c4"/, 1],
  [/^pnpm bezzel check queen a1,b3,c5,d7,h8 --out q.svg/, 1],
];
/** Lines that are not run here, and why. */
const NOT_HERE: readonly (readonly [RegExp, string])[] = [
  [/--queue|bezzel worker/, 'needs the Redis the README starts on port 6379 (test/queue.test.ts runs the same commands on its own)'],
  [/init plugin|my-piece/, 'writes a plugin folder and installs it: test/cli-init.test.ts and the release test run these steps'],
  [/…64 squares…/, 'an abbreviation of the tour printed in full below it, which is run'],
  [/-o spill=kt8/, 'half an hour of two cores: docs/results/knights-tour-8x8-closed.md has the run; test/terminal.test.ts stops a spilled count and resumes it'],
];
/** Files the examples write in the checkout, removed afterwards. */
const WRITTEN = ['tour.json', 'tour.svg', 'q.svg', 'results.json', 'rtd.svg', 'runs.csv', 'rtd.png', 'summary.pdf', 'ecdf.svg'];

interface Example {
  readonly command: string;
  readonly comment: string;
  /** The lines printed under a `$ ` transcript, to compare with what it prints. */
  readonly transcript?: string;
}

function examples(): Example[] {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  const found: Example[] = [];
  for (const [, block] of text.matchAll(/```sh\n([^]*?)```/g)) {
    const lines = block!.replace(/\\\n\s*/g, '').split('\n');
    for (const [i, raw] of lines.entries()) {
      const transcript = raw.startsWith('$ ');
      const line = transcript ? raw.slice(2) : raw;
      if (!/^pnpm (-s )?bezzel /.test(line)) continue;
      const at = line.search(/\s{2,}#|\s#\s/);
      const command = (at < 0 ? line : line.slice(0, at)).trim();
      const comment = at < 0 ? '' : line.slice(at).replace(/^\s*#\s*/, '');
      const below = transcript ? lines.slice(i + 1).join('\n').trim() : undefined;
      found.push({ command, comment, ...(below ? { transcript: below } : {}) });
    }
  }
  return found;
}

const all = examples();
const runnable = all.filter((e) => !NOT_HERE.some(([re]) => re.test(e.command) || re.test(e.comment)));

afterAll(() => {
  for (const name of WRITTEN) rmSync(join(root, name), { force: true });
});

describe("the README's examples, as printed", () => {
  it('are found, and those not run here are few and said why', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.length - runnable.length).toBeLessThanOrEqual(6);
  });

  it.each(runnable.map((e) => [e.command.slice(0, 90), e] as const))('%s', async (_name, example) => {
    const expected = EXIT_OF.find(([re]) => re.test(example.command) || re.test(example.comment))?.[1] ?? 0;
    let code = 0;
    let stdout = '';
    let stderr = '';
    try {
      ({ stdout, stderr } = await run(example.command, { cwd: root, env: childEnv(), shell: '/bin/bash', maxBuffer: 64 << 20, timeout: 60_000 }));
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      ({ code = 1, stdout = '', stderr = '' } = e);
    }
    expect(code, `${example.command}\n${stderr.slice(-2000)}`).toBe(expected);
    expect(stderr).not.toMatch(/internal error|\n\s+at /);
    // A comment that leads with a number promises it: `# 92`, `# 257318`, `# 10: …`, `# 304 directed …`.
    const promised = /^(\d[\d,]*)\b/.exec(example.comment)?.[1];
    if (promised) expect(stdout.replace(/,/g, '')).toContain(promised.replace(/,/g, ''));
    if (example.transcript) expect(stdout.trim()).toBe(example.transcript);
    const redirected = /> (\S+)$/.exec(example.command)?.[1];
    if (redirected?.endsWith('.json')) expect(() => JSON.parse(readFileSync(join(root, redirected), 'utf8'))).not.toThrow();
    for (const file of example.command.match(/(?<=--(?:out|chart|runs-out) )\S+/g) ?? []) {
      const path = join(root, file);
      expect(existsSync(path), file).toBe(true);
      const head = readFileSync(path).subarray(0, 8);
      if (file.endsWith('.png')) expect(head.toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
      if (file.endsWith('.pdf')) expect(head.toString('latin1')).toMatch(/^%PDF-/);
      if (file.endsWith('.svg')) expect(readFileSync(path, 'utf8')).toMatch(/^(<\?xml[^>]*>\s*)?<svg/);
      if (file.endsWith('.json')) expect(() => JSON.parse(readFileSync(path, 'utf8'))).not.toThrow();
    }
  });
});
