import { readFileSync } from 'node:fs';
import { Board, type BoardSpec, type Task } from '@bezzel/core';
import backtracking from '@bezzel/backtracking';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf, solveChecked } from './support/solve.js';

/** The published tables, kept in the repository (test/oracles) so a clean clone tests against them. */
const oracle = <T>(name: string): T => JSON.parse(readFileSync(new URL(`./oracles/${name}`, import.meta.url), 'utf8')) as T;
const queensTable = oracle<{ rows: { n: number; all: number | string; fundamental: number | string }[] }>('queens.json');
const knightsTable = oracle<{ rows: { n: number; k: number; count: number }[] }>('knights-placement.json');
const tours = oracle<{
  directedOpen: { board: string; count: number | string }[];
  directedOpenFromStart5x5: { corner: number; centre: number; otherMajorityColour: number; minorityColour: number };
  undirectedClosed: { board: string; count: number | string }[];
}>('tours.json');

const bezzel = await bezzelWith(queen, knight, backtracking);
const square = (n: number): BoardSpec => ({ width: n, height: n });
const strategy = 'backtracking';

describe('backtracking against the published tables', () => {
  it('counts n queens and their fundamental solutions for n = 1…12 (OEIS A000170, A002562)', async () => {
    for (const row of queensTable.rows.filter((r) => r.n <= 12)) {
      const result = await bezzel.solve({ problem: { kind: 'placement', board: square(row.n), piece: 'queen' }, goal: 'count-fundamental', strategy });
      expect(countOf(result), `${row.n} queens`).toBe(BigInt(row.all));
      expect(result.status === 'complete' && result.fundamental, `${row.n} queens fundamental`).toBe(BigInt(row.fundamental));
    }
  });

  it('streams exactly every n-queens solution, each one valid, for n = 1…10', async () => {
    for (const row of queensTable.rows.filter((r) => r.n <= 10)) {
      const { result, streamed } = await solveChecked(bezzel, { problem: { kind: 'placement', board: square(row.n), piece: 'queen' }, goal: 'all', strategy });
      expect(countOf(result)).toBe(BigInt(row.all));
      expect(streamed.length, `${row.n} queens streamed`).toBe(Number(row.all));
    }
  });

  it('counts every row of the knights placement table', async () => {
    for (const row of knightsTable.rows) {
      const result = await bezzel.solve({ problem: { kind: 'placement', board: square(row.n), piece: 'knight', k: row.k }, goal: 'count', strategy });
      expect(countOf(result), `${row.k} knights on ${row.n}×${row.n}`).toBe(BigInt(row.count));
    }
  });

  it("counts the 5×5 knight's tours from every start square", async () => {
    const board = Board.square(5);
    const { corner, centre, otherMajorityColour, minorityColour } = tours.directedOpenFromStart5x5;
    const expected = (sq: number) => {
      const [row, col] = [board.row(sq), board.col(sq)];
      if (board.colour(sq) === 1) return minorityColour;
      if ((row === 0 || row === 4) && (col === 0 || col === 4)) return corner;
      return row === 2 && col === 2 ? centre : otherMajorityColour;
    };
    let total = 0n;
    for (let start = 0; start < 25; start++) {
      const result = await bezzel.solve({ problem: { kind: 'tour', board: square(5), piece: 'knight', start }, goal: 'count', strategy });
      // The Solver settles the minority colour by parity before any search.
      const count = result.status === 'impossible' ? 0n : countOf(result);
      expect(count, `tours from ${board.name(start)}`).toBe(BigInt(expected(start)));
      total += count;
    }
    expect(total).toBe(BigInt(tours.directedOpen.find((r) => r.board === '5x5')!.count));
    const all = await bezzel.solve({ problem: { kind: 'tour', board: square(5), piece: 'knight' }, goal: 'count', strategy });
    expect(countOf(all)).toBe(total);
  });

  it("counts the 6×6 closed knight's tours, each cycle once", async () => {
    const result = await bezzel.solve({ problem: { kind: 'tour', board: square(6), piece: 'knight', closed: true }, goal: 'count', strategy });
    expect(countOf(result)).toBe(BigInt(tours.undirectedClosed.find((r) => r.board === '6x6')!.count));
  });

  it('with warnsdorff-roth, answers every start square of 5×5…10×10 and a sample of larger boards', async () => {
    const starts: [number, number][] = [];
    for (let n = 5; n <= 10; n++) for (let sq = 0; sq < n * n; sq++) starts.push([n, sq]);
    for (const n of [10, 13, 16, 20]) for (const sq of [0, 1, n + 2, 3 * n + 3, Math.floor((n * n) / 2) + 1, n * n - 1]) starts.push([n, sq]);
    const minority = starts.filter(([n, sq]) => n % 2 === 1 && new Board(square(n)).colour(sq) === 1).length;
    const tally = { solved: 0, impossible: 0 };
    for (const [n, start] of starts) {
      const task: Task = { problem: { kind: 'tour', board: square(n), piece: 'knight', start }, goal: 'one', strategy, options: { ordering: 'warnsdorff-roth' } };
      const { result } = await solveChecked(bezzel, task);
      expect(['solved', 'impossible'], `${n}×${n} from ${start}: ${result.status}`).toContain(result.status);
      if (result.status === 'impossible') {
        // Only parity can rule a start out on these boards: odd boards, minority colour.
        expect(n % 2, `${n}×${n} from ${start}`).toBe(1);
        expect(new Board(square(n)).colour(start)).toBe(1);
        tally.impossible++;
      } else tally.solved++;
    }
    expect(tally).toEqual({ solved: starts.length - minority, impossible: minority });
  });
});
