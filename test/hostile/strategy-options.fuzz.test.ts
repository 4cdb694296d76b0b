import { createCliBezzel } from '@bezzel/cli';
import type { Goal, OptionInfo, ProblemKind, SearchStrategy } from '@bezzel/core';
import fc from 'fast-check';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel } from '../support/cli.js';

/**
 * Every bundled strategy's options, drawn from its own declaration (issue 37): for each strategy, a problem it
 * declares, a goal (its own, or another), and each of its options left out, given a value its schema takes (small
 * numbers, so runs stay short), or a value no schema takes (negative, infinite, NaN, text, empty). Each command
 * runs in this process (the CLI's `main`) with a short time budget, and must:
 * - exit 0 (answered), 2 (refused: what was given is wrong or does not apply) or 3 (the budget ran out);
 * - say a refusal in one line, never with a stack or as an internal error (70) or a rejected answer (5);
 * - leave no file behind when it did not answer (a spill directory, a partial file);
 * - keep its budget: end within 10% + 0.5 s of it, measured around the whole command.
 */
const RUNS = Number(process.env.BEZZEL_FUZZ_RUNS ?? 1000);
const { bezzel: registry } = await createCliBezzel();
const strategies = registry.strategies.filter((s) => !s.meta.id.startsWith('cheat'));
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-options-fuzz-'));

const COMMAND: Readonly<Record<ProblemKind, readonly string[]>> = {
  placement: ['place', 'queen'],
  tour: ['tour', 'knight'],
  dominate: ['dominate', 'queen'],
};
const GOALS: readonly Goal[] = ['one', 'all', 'count', 'count-fundamental', 'maximum', 'minimum', 'count-minimum'];

/** Values no schema takes, whatever the option: the numbers and the usual mistakes. */
const hostile = fc.constantFrom('-1', '-0.5', 'NaN', 'Infinity', '-Infinity', '1e309', '1e400', 'abc', '', ' ', '0x10', '3.5e', '∞', '\u0000', 'a,,b', 'true,false');

/** A value the option's declaration takes, kept small (a run of a short budget), or a hostile one. */
function valueOf(name: string, info: OptionInfo): fc.Arbitrary<string> {
  const good = (() => {
    switch (info.type) {
      case 'integer': {
        const min = info.min ?? 0;
        return fc.integer({ min, max: Math.min(info.max ?? min + 50, min + 50) }).map(String);
      }
      case 'number': {
        const min = info.min ?? 0;
        return fc.double({ min, max: Math.min(info.max ?? min + 10, min + 10), noNaN: true, noDefaultInfinity: true }).map((x) => String(Number(x.toPrecision(4))));
      }
      case 'boolean':
        return fc.constantFrom('true', 'false', 'yes', 'no', '1', '0');
      case 'choice':
        return fc.constantFrom(...(info.choices ?? ['x']));
      case 'part':
        return fc.constantFrom(...registry.partsOf(info.partKind!).map((p) => p.id), 'no-such-part');
      case 'list':
        return fc.array(fc.constantFrom(...strategies.map((s) => s.meta.id).slice(0, 12)), { minLength: 1, maxLength: 3 }).map((ids) => ids.join(','));
      case 'start':
        return fc.constantFrom('a1', 'a1,b3', '0-10-20', 'z99');
      case 'text':
        // A path (spill): inside the scratch folder, so what a run leaves is seen.
        return fc.constantFrom('a', 'b/c').map((p) => join(scratch, p));
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: hostile }).map((value) => `${name}=${value}`);
}

/** One drawn command for `strategy`: its problem, a goal, a small board, a short budget, its options drawn. */
function commandFor(strategy: SearchStrategy): fc.Arbitrary<{ args: string[]; budgetMs: number }> {
  const options = Object.entries(strategy.meta.options ?? {}).filter(([, o]) => !o.info.internal);
  const drawn = options.map(([name, o]) => fc.option(valueOf(name, o.info), { nil: undefined, freq: 2 }));
  return fc
    .record({
      kind: fc.constantFrom(...strategy.meta.problems),
      goal: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...strategy.meta.goals) }, { weight: 1, arbitrary: fc.constantFrom(...GOALS) }),
      n: fc.integer({ min: 4, max: 8 }),
      budgetMs: fc.constantFrom(150, 250, 400),
      values: fc.tuple(...drawn),
    })
    .map(({ kind, goal, n, budgetMs, values }) => ({
      budgetMs,
      args: [...COMMAND[kind], '-n', String(n), '--goal', goal, '--strategy', strategy.meta.id, '--max-time', `${budgetMs}ms`, '--workers', '1', '-q', ...values.flatMap((v) => (v === undefined ? [] : ['-o', v]))],
    }));
}

describe('fuzz: every strategy, options drawn from its own declaration', () => {
  it(`${RUNS} option sets over ${strategies.length} strategies: exit 0, 2 or 3, one line, no stack, nothing left, budget kept`, { timeout: 900_000 }, async () => {
    const perStrategy = Math.ceil(RUNS / strategies.length);
    let runs = 0;
    const codes = new Map<number, number>();
    for (const strategy of strategies) {
      await fc.assert(
        fc.asyncProperty(commandFor(strategy), async ({ args, budgetMs }) => {
          const started = performance.now();
          const run = await bezzel(...args);
          const wall = performance.now() - started;
          const left = readdirSync(scratch);
          for (const entry of left) rmSync(join(scratch, entry), { recursive: true, force: true });
          runs++;
          codes.set(run.code, (codes.get(run.code) ?? 0) + 1);
          const what = `bezzel ${args.map((a) => JSON.stringify(a)).join(' ')} → ${run.code}: ${run.stderr}`;
          expect([0, 2, 3], what).toContain(run.code);
          expect(run.stderr, what).not.toMatch(/\n\s+at |internal error|a bug in/);
          if (run.code === 2) expect(run.stderr.trim().split('\n'), what).toHaveLength(1);
          expect(wall, `${what} took ${Math.round(wall)} ms on a budget of ${budgetMs} ms`).toBeLessThanOrEqual(budgetMs * 1.1 + 500);
          // A refusal leaves nothing; a spilled count stopped by its budget keeps its states (the same command resumes).
          const resumable = run.code === 3 && args.some((a) => a.startsWith('spill='));
          if (run.code === 2 || (run.code === 3 && !resumable)) expect(left, `${what} left files behind`).toEqual([]);
        }),
        { numRuns: perStrategy },
      );
    }
    expect(runs).toBeGreaterThanOrEqual(RUNS);
    // Not a vacuous sweep: answers, refusals and budgets all occur.
    for (const code of [0, 2]) expect(codes.get(code) ?? 0, `exit ${code} never drawn: ${JSON.stringify([...codes])}`).toBeGreaterThan(RUNS / 20);
  });
});
