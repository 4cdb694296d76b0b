import { Board, createBezzel, validatePlacement, type Bezzel } from '@bezzel/core';
import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import queen, { queen as queenPiece } from '@bezzel/queen';
import transferMatrix from '@bezzel/transfer-matrix';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveChecked } from '../../../test/support/solve.js';
import formula, { explicitQueens } from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, knight, classic, formula, transferMatrix] });
});

const squareTask = (piece: string, n: number, goal: 'one' | 'maximum' = 'one', k?: number) => ({
  problem: { kind: 'placement' as const, board: { width: n, height: n }, piece, ...(k === undefined ? {} : { k }) },
  goal,
  strategy: 'formula',
});

describe('explicit n queens', () => {
  it('is a solution for every n from 4 to 3000, by the core validator', () => {
    for (let n = 4; n <= 3000; n++) {
      const rows = explicitQueens(n);
      const squares = Array.from(rows, (row, col) => row * n + col);
      const report = validatePlacement(Board.square(n), queenPiece, squares, n);
      if (!report.valid) expect.fail(`n = ${n}: ${report.conflicts[0]?.message ?? report.errors[0]}`);
    }
  });

  it('answers n = 2 and 3 as impossible, by a known fact', async () => {
    for (const n of [2, 3]) {
      const { result } = await solveChecked(bezzel, squareTask('queen', n));
      expect(result.status).toBe('impossible');
      if (result.status === 'impossible') {
        expect(result.proof).toBe('theorem');
        expect(result.reason).toMatch(/no solution/);
      }
    }
  });

  it('solves through the Solver, re-checked', async () => {
    for (const n of [1, 4, 8, 9, 14, 15, 100]) {
      const { result } = await solveChecked(bezzel, squareTask('queen', n));
      expect(result.status).toBe('solved');
    }
  });
});

describe('maximum placements', () => {
  const expected: [string, number, number, number][] = [
    // piece, width, height, maximum
    ['knight', 1, 1, 1],
    ['knight', 2, 2, 4],
    ['knight', 3, 3, 5],
    ['knight', 8, 8, 32],
    ['knight', 9, 9, 41],
    ['knight', 2, 7, 8],
    ['knight', 6, 2, 8],
    ['king', 8, 8, 16],
    ['king', 7, 7, 16],
    ['king', 5, 8, 12],
    ['rook', 8, 8, 8],
    ['rook', 5, 9, 5],
    ['bishop', 1, 1, 1],
    ['bishop', 2, 2, 2],
    ['bishop', 8, 8, 14],
    ['bishop', 11, 11, 20],
    ['queen', 2, 2, 1],
    ['queen', 3, 3, 2],
    ['queen', 8, 8, 8],
    ['queen', 12, 7, 7],
  ];
  it.each(expected)('%s on %i×%i: %i, valid', async (piece, width, height, maximum) => {
    const task = { problem: { kind: 'placement' as const, board: { width, height }, piece }, goal: 'maximum' as const, strategy: 'formula' };
    const { result } = await solveChecked(bezzel, task);
    expect(result.status).toBe('solved');
    if (result.status !== 'solved') return;
    expect(result.maximum).toBe(maximum);
    const squares = result.solutions[0]!.kind === 'placement' ? result.solutions[0]!.squares : [];
    expect(new Set(squares).size).toBe(maximum);
  });

  it('knights: ⌈n²/2⌉ for n from 3 to 30, each placement valid', async () => {
    for (let n = 3; n <= 30; n++) {
      const { result } = await solveChecked(bezzel, squareTask('knight', n, 'maximum'));
      expect(result.status === 'solved' && result.maximum).toBe(Math.ceil((n * n) / 2));
    }
  });

  it('goal one with k pieces takes part of the maximum, and k beyond it is impossible', async () => {
    const some = await solveChecked(bezzel, squareTask('king', 8, 'one', 10));
    expect(some.result.status).toBe('solved');
    const tooMany = await solveChecked(bezzel, squareTask('bishop', 8, 'one', 15));
    expect(tooMany.result.status).toBe('impossible');
    if (tooMany.result.status === 'impossible') expect(tooMany.result.reason).toMatch(/at most 14 bishops/);
  });
});

describe('agrees with exhaustive counting', () => {
  it.each(['knight', 'king'])('%s maximum on every board up to 7×7 equals the transfer-matrix maximum', async (piece) => {
    for (let width = 1; width <= 7; width++) {
      for (let height = 1; height <= 7; height++) {
        const task = (strategy: string) => ({ problem: { kind: 'placement' as const, board: { width, height }, piece }, goal: 'maximum' as const, strategy });
        const built = await bezzel.solve(task('formula'));
        const counted = await bezzel.solve(task('transfer-matrix'));
        expect(counted.status).toBe('complete');
        expect(built.status === 'solved' && built.maximum, `${piece} on ${width}×${height}`).toBe(counted.status === 'complete' && counted.maximum);
      }
    }
  });
});

describe('declines', () => {
  it('pieces and boards it has no theorem for, with the reason', () => {
    const instance = bezzel.instantiate({ problem: { kind: 'placement', board: { width: 8, height: 8, removed: [0] }, piece: 'rook', k: 3 }, goal: 'one' });
    expect(instance.ok && supportReason(instance.value)).toMatch(/whole, flat boards/);
    const bishops = bezzel.instantiate({ problem: { kind: 'placement', board: { width: 5, height: 8 }, piece: 'bishop', k: 3 }, goal: 'one' });
    expect(bishops.ok && supportReason(bishops.value)).toMatch(/rectangle/);
    const tour = bezzel.instantiate({ problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight' }, goal: 'one' });
    expect(tour.ok && bezzel.choose({ ...tour.value, task: { ...tour.value.task, strategy: 'formula' } }).ok).toBe(false);
  });
});

function supportReason(instance: Parameters<Bezzel['choose']>[0]): string {
  const support = bezzel.strategy('formula')!.supports(instance);
  return support.ok ? 'ok' : support.reason;
}
