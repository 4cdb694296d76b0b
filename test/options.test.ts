import { describeValue, optionList } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzel } from './support/cli.js';
import { createCliBezzel } from '@bezzel/cli';

/** A value no declaration accepts: a word for numbers and booleans, a number-like word for the rest. */
const wrong = (type: string) => (type === 'integer' || type === 'number' ? 'lots' : type === 'boolean' ? 'perhaps' : 'no-such-thing');

describe('strategy options are declared once and checked in one place', async () => {
  const { bezzel: registry } = await createCliBezzel();
  const cases = registry.strategies.flatMap((s) => optionList(s.meta).filter((o) => !o.internal && o.type !== 'text').map((o) => [s.meta.id, o] as const));

  it('every bundled strategy declares every option with a description, a type and, for numbers, a range', () => {
    expect(cases.length).toBeGreaterThan(20);
    for (const [, o] of cases) {
      expect(o.description.length).toBeGreaterThan(5);
      expect(describeValue(o)).not.toBe('text');
    }
  });

  it.each(cases)('%s refuses a bad %o in the one style every strategy shares', async (id, o) => {
    const strategy = registry.strategy(id)!;
    const problem = strategy.meta.problems[0]!;
    const goal = strategy.meta.goals[0]!;
    // A strategy of magic tours only is asked for one (magic-tour declines a plain tour before its options are read).
    const tour = ['tour', 'knight', ...(strategy.meta.magicTours ? ['--magic', 'semi'] : [])];
    const args = problem === 'tour' ? tour : problem === 'dominate' ? ['dominate', 'queen', '-n', '5'] : ['place', 'queen', '-n', '8'];
    const run = await bezzel(...args, '--goal', goal, '--strategy', id, '-o', `${o.name}=${wrong(o.type)}`);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^bezzel: option ${o.name} of ${id} must be .+, not "${wrong(o.type)}"\\n$`));
  });
});

describe('--help of a solving command lists its strategies and their options from the same declarations', () => {
  it('tour --help names genetic and its options with their ranges', async () => {
    const run = await bezzel('tour', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}genetic: /m);
    expect(run.stdout).toMatch(/-o mutationRate=… \(a number from 0 to 1\) default 0\.1: /);
    expect(run.stdout).not.toMatch(/^ {2}bitboard: /m);
  });
});
