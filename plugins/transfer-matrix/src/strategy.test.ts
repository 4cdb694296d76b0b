import { Board, createBezzel, pluginModule, validatePlacement, type Bezzel, type Piece, type Result, type Task } from '@bezzel/core';
import classic, { king } from '@bezzel/classic';
import fairy, { betzaPiece, camel, ferz, wazir, zebra } from '@bezzel/fairy';
import knightPlugin, { knight } from '@bezzel/knight';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bruteForceTable } from './brute-force.testing.js';
import transferMatrix from './index.js';

const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/knights-placement.json', import.meta.url), 'utf8')) as { rows: { n: number; k: number; count: number }[] };
const adHoc = ['fN', 'R2', 'fR3', 'vWfF', 'ND', 'lfN', 'mWcF'].map((text) => {
  const piece = betzaPiece(text);
  if (!piece.ok) throw piece.error;
  return piece.value;
});

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [knightPlugin, classic, fairy, pluginModule({ pieces: adHoc }), transferMatrix] });
});

const task = (piece: string, width: number, height: number, goal: Task['goal'], k = 0, removed?: number[]): Task => ({
  problem: { kind: 'placement', board: { width, height, ...(removed ? { removed } : {}) }, piece, k },
  goal,
  strategy: 'transfer-matrix',
});
const complete = (result: Result) => {
  if (result.status !== 'complete') throw new Error(`expected complete, got ${result.status}`);
  return result;
};

describe('transfer-matrix counts', () => {
  it('matches every row of the knights oracle', async () => {
    for (const row of oracle.rows) {
      const result = complete(await bezzel.solve(task('knight', row.n, row.n, 'count', row.k)));
      expect(result.count, `${row.k} knights on ${row.n}×${row.n}`).toBe(BigInt(row.count));
    }
  });

  it('counts the whole 8×8 knights table, and the maxima of 8×8 and 4×4', async () => {
    const result = complete(await bezzel.solve(task('knight', 8, 8, 'count', 6)));
    expect(result.table).toHaveLength(33);
    expect(result.table!.reduce((a, b) => a + b, 0n)).toBe(101693175442n);
    expect(result.count).toBe(result.table![6]);
    const eight = complete(await bezzel.solve(task('knight', 8, 8, 'maximum')));
    expect([eight.maximum, eight.count]).toEqual([32, 2n]);
    const four = complete(await bezzel.solve(task('knight', 4, 4, 'maximum')));
    expect([four.maximum, four.count]).toEqual([8, 6n]);
    for (const result of [eight, four]) {
      const squares = result.solutions![0]!.kind === 'placement' ? result.solutions![0]!.squares : [];
      const board = new Board(result.task.problem.board);
      expect(squares).toHaveLength(result.maximum!);
      expect(validatePlacement(board, knight, squares).conflicts).toEqual([]);
    }
  });

  const pieces: Piece[] = [knight, king, wazir, ferz, camel, zebra];
  it('agrees with brute force on every k for six leapers on every board up to 5×5 and on 3×7, 7×3 and 2×9', async () => {
    const boards: [number, number][] = [[3, 7], [7, 3], [2, 9]];
    for (let w = 1; w <= 5; w++) for (let h = 1; h <= 5; h++) boards.push([w, h]);
    for (const piece of pieces) {
      for (const [w, h] of boards) {
        const expected = trimmed(bruteForceTable(new Board({ width: w, height: h }), piece).table);
        const result = complete(await bezzel.solve(task(piece.id, w, h, 'count')));
        expect(result.table, `${piece.id} on ${w}×${h}`).toEqual(expected);
      }
    }
  });

  it('handles one-way pieces, bounded riders and removed squares, both orientations', async () => {
    for (const piece of adHoc) {
      for (let [w, h, removed] of [[4, 6, [0, 9, 14]], [6, 4, [5, 23]], [5, 5, [12]], [3, 8, []]] as [number, number, number[]][]) {
        if (piece.movement.rides.length > 0 && removed.length > 0) {
          await expect(bezzel.solve(task(piece.id, w, h, 'count', 0, removed))).rejects.toThrow(/removed square blocks a ride/);
          removed = [];
        }
        const board = new Board({ width: w, height: h, removed });
        const expected = trimmed(bruteForceTable(board, piece).table);
        const result = complete(await bezzel.solve(task(piece.id, w, h, 'count', 0, removed)));
        expect(result.table, `${piece.betza} on ${w}×${h} without ${removed}`).toEqual(expected);
      }
    }
  });

  it('counts up to symmetry by Burnside, matching canonical forms counted by brute force', async () => {
    const cases: [string, number, number, number[]?][] = [
      ['knight', 4, 4], ['knight', 5, 5], ['king', 4, 4], ['knight', 3, 5], ['ferz', 4, 4], ['zebra', 4, 5],
      [adHoc[0]!.id, 4, 5], [adHoc[3]!.id, 4, 4], ['knight', 5, 5, [12]], ['knight', 5, 3], ['camel', 6, 4],
    ];
    for (const [id, w, h, removed] of cases) {
      const board = new Board({ width: w, height: h, ...(removed ? { removed } : {}) });
      const expected = bruteForceTable(board, bezzel.piece(id)!, true);
      for (let k = 0; k < expected.table.length; k += w * h > 16 ? 3 : 1) {
        const result = complete(await bezzel.solve(task(id, w, h, 'count-fundamental', k, removed)));
        expect([result.count, result.fundamental], `${id} ${w}×${h} k=${k}`).toEqual([expected.table[k], expected.fundamental[k]]);
      }
    }
  });

  it('stops on its step budget and declines what it cannot count, saying why', async () => {
    const stopped = await bezzel.solve({ ...task('knight', 10, 10, 'count', 10), budget: { maxSteps: 1 } });
    expect(stopped.status).toBe('budget');
    const queen: Piece = { id: 'queen', name: 'queen', symbols: { unicode: 'Q', ascii: 'Q' }, movement: betzaPiece('Q').ok ? (betzaPiece('Q') as { value: Piece }).value.movement : { leaps: [], rides: [] } };
    const withQueen = await createBezzel({ plugins: [pluginModule({ pieces: [queen] }), transferMatrix] });
    await expect(withQueen.solve(task('queen', 6, 6, 'count', 6))).rejects.toThrow(/unlimited rider/);
    await expect(bezzel.solve({ ...task('knight', 6, 6, 'count', 2), problem: { kind: 'placement', board: { width: 6, height: 6, torus: true }, piece: 'knight', k: 2 } })).rejects.toThrow(/torus/);
  });
});

function trimmed(table: bigint[]): bigint[] {
  const out = [...table];
  while (out.length > 1 && out[out.length - 1] === 0n) out.pop();
  return out;
}

describe('transfer-matrix maximum', () => {
  it('returns a largest placement that the validator accepts, on square, rectangular, cut and one-way boards', async () => {
    const cases: [string, number, number, number[]][] = [
      ['king', 7, 7, []], ['camel', 6, 9, []], ['zebra', 9, 5, [3, 17]], ['wazir', 5, 6, [0]], [adHoc[0]!.id, 5, 4, []], [adHoc[2]!.id, 4, 7, []],
      ['camel', 5, 4, []], ['zebra', 5, 4, [3]],
    ];
    for (const [id, w, h, removed] of cases) {
      const result = complete(await bezzel.solve(task(id, w, h, 'maximum', 0, removed)));
      const board = new Board({ width: w, height: h, removed });
      const squares = result.solutions![0]!.kind === 'placement' ? [...result.solutions![0]!.squares] : [];
      expect(squares, `${id} ${w}×${h}`).toHaveLength(result.maximum!);
      const report = validatePlacement(board, bezzel.piece(id)!, squares);
      expect(report.errors.concat(report.conflicts.map((c) => c.message))).toEqual([]);
      if (w * h > 30) continue; // brute force enumerates every placement: only on small boards
      const brute = bruteForceTable(board, bezzel.piece(id)!).table;
      expect([result.maximum, result.count]).toEqual([brute.length - 1, brute[brute.length - 1]]);
    }
  });
});
