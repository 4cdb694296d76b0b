import coverSearch from '@bezzel/cover-search';
import { validateDomination, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzelProcess } from './support/cli.js';
import { bezzelWith } from './support/solve.js';
import { onTerminal, visible } from './support/terminal.js';

interface Row {
  readonly n: number;
  readonly gamma: number;
  readonly minimumSets?: number;
}
const oracle = JSON.parse(readFileSync(new URL('./oracles/domination.json', import.meta.url), 'utf8')) as Record<'queen' | 'knight', Row[]>;
const row = (piece: 'queen' | 'knight', n: number) => oracle[piece].find((r) => r.n === n)!;

interface CountJson {
  readonly status: string;
  readonly count: string;
  readonly minimum?: { readonly value: number; readonly proof: string };
  readonly solutions?: readonly { readonly squares: number[] }[];
  readonly stats: { readonly workers?: number; readonly extra?: { readonly subTasks?: number; readonly finished?: number; readonly resumed?: number } };
}
const json = async (...args: string[]) => {
  const run = await bezzelProcess(...args, '--format', 'json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as CountJson;
};

/**
 * Issue 29, item 5: counts of minimum dominating sets split into sub-tasks (worker threads, a checkpoint that
 * resumes), as a run on many machines meets them, against the published counts (OEIS A002564, A103315).
 */
describe('minimum dominating sets counted in sub-tasks', async () => {
  const checker = await bezzelWith(queen, knight, coverSearch);

  it.each([
    ['queen', 6],
    ['queen', 8],
    ['knight', 7],
    ['knight', 10],
  ] as const)('%s, n = %i: --goal count-minimum on two workers gives the published γ and count, and a set the validator accepts', async (piece, n) => {
    const { gamma, minimumSets } = row(piece, n);
    const result = await json('dominate', piece, '-n', String(n), '--goal', 'count-minimum', '--workers', '2', '--parts', '64');
    expect(result.status).toBe('complete');
    expect(result.minimum?.value).toBe(gamma);
    expect(BigInt(result.count)).toBe(BigInt(minimumSets!));
    expect(result.stats.workers).toBe(2);
    expect(result.stats.extra?.subTasks).toBeGreaterThan(1);
    const task: Task = { problem: { kind: 'dominate', board: { width: n, height: n }, piece }, goal: 'minimum' };
    const instance = checker.instantiate(task);
    if (!instance.ok) throw instance.error;
    const set = result.solutions![0]!.squares;
    expect(set).toHaveLength(gamma);
    expect(validateDomination(instance.value.board, instance.value.piece, set).valid).toBe(true);
  });

  it('-k with count-minimum is one line and exit 2 that says how to count the sets of a known minimum', async () => {
    const run = await bezzelProcess('dominate', 'queen', '-n', '20', '-k', '10', '--goal', 'count-minimum');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('with the minimum known, count its sets with -k and --goal count');
  });

  it('the known minimum given with -k counts the same sets, and a checkpoint cut in half resumes to the same count', async () => {
    const file = join(tmpdir(), `bezzel-frontier-${process.pid}.jsonl`);
    const args = ['dominate', 'queen', '-n', '8', '-k', '5', '--goal', 'count'];
    try {
      // One run, in one piece: no split.
      const whole = await json(...args);
      expect(BigInt(whole.count)).toBe(4860n);
      const first = await json(...args, '--workers', '1', '--parts', '100', '--checkpoint', file);
      expect(BigInt(first.count)).toBe(4860n);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      const subTasks = first.stats.extra!.subTasks!;
      expect(lines).toHaveLength(subTasks + 1);
      // As if stopped part way: the header and half the finished sub-tasks.
      const kept = Math.floor(subTasks / 2);
      writeFileSync(file, `${lines.slice(0, kept + 1).join('\n')}\n`);
      const resumed = await json(...args, '--workers', '2', '--checkpoint', file);
      expect(BigInt(resumed.count)).toBe(4860n);
      expect(resumed.stats.extra).toMatchObject({ subTasks, finished: subTasks, resumed: kept });
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('on a terminal the bar says what it counts and the time left as an estimate; Ctrl-C keeps the checkpoint for the same command to resume', async () => {
    const file = join(tmpdir(), `bezzel-frontier-tty-${process.pid}.jsonl`);
    try {
      const run = onTerminal(['dominate', 'queen', '-n', '13', '--goal', 'count-minimum', '--workers', '1', '--parts', '100', '--max-time', 'none', '--checkpoint', file]);
      await run.waitFor(/counting \|[█░]+\| \d{2,}\/\d+ sub-tasks · \d+ so far · sets of 7 = the fewest, proven · about .+ left \(estimate\)/, 60_000);
      run.type('\x03');
      const { screen, code } = await run.ended;
      const text = visible(screen);
      expect(code, text).toBe(130);
      const kept = /keeps (\d+) finished sub-tasks of (\d+): the same command resumes the count/.exec(text);
      expect(kept, text).not.toBeNull();
      // The header, then one line a finished sub-task.
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(Number(kept![1]) + 1);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
