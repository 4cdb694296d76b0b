import { createBezzel, type Bezzel, type Task } from '@bezzel/core';
import columns from '@bezzel/columns';
import geneticQueens from '@bezzel/genetic-queens';
import minConflicts from '@bezzel/min-conflicts';
import pipeline from '@bezzel/pipeline';
import portfolio from '@bezzel/portfolio';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveChecked } from './support/solve.js';

// The genetic algorithm on queens beside and before min-conflicts: strategies reaching each other by id only.
let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, columns, geneticQueens, minConflicts, portfolio, pipeline] });
});

const task = (n: number, seed: number): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal: 'one',
  strategy: 'genetic-queens',
  seed,
  budget: { maxTimeMs: 10_000 },
});

describe('genetic-queens with other strategies', () => {
  it('answers in a portfolio beside min-conflicts', async () => {
    const raced = await solveChecked(bezzel, { ...task(8, 1), strategy: 'portfolio', options: { members: 'genetic-queens,min-conflicts' } });
    expect(raced.result.status).toBe('solved');
    expect(raced.result.stats.extra?.members).toBe('genetic-queens,min-conflicts');
    // In one thread members run in turn: genetic-queens goes first and answers.
    expect(raced.result.stats.extra?.winner).toBe('genetic-queens');
  });

  it('is a first stage of a pipeline: its best string, handed on as start, is repaired by min-conflicts', async () => {
    const { result } = await solveChecked(bezzel, { ...task(30, 1), strategy: 'pipeline', options: { stages: 'genetic-queens,min-conflicts' }, budget: { maxTimeMs: 400 } });
    expect(result.status).toBe('solved');
    expect(result.stats.extra?.stages).toMatch(/^genetic-queens budget → min-conflicts solved/);
  });

});
