import { Board, createBezzel, pluginModule, type Bezzel, type Result, type Task } from '@bezzel/core';
import classic, { king } from '@bezzel/classic';
import fairy, { betzaPiece, camel, ferz, wazir, zebra } from '@bezzel/fairy';
import knightPlugin, { knight } from '@bezzel/knight';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bruteForceTable } from './brute-force.testing.js';
import { cellModel, primesBelow2To29, profileStates } from './cells.js';
import { primesBelow2To30 } from './crt.js';
import transferMatrix from './index.js';
import { rowModel } from './rows.js';

const published = (JSON.parse(readFileSync(new URL('../../../test/oracles/knights-row-sums.json', import.meta.url), 'utf8')) as { A141243: string[] }).A141243.map(BigInt);
const adHoc = ['R2', 'ND', 'lfN'].map((text) => {
  const piece = betzaPiece(text);
  if (!piece.ok) throw piece.error;
  return piece.value;
});

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [knightPlugin, classic, fairy, pluginModule({ pieces: adHoc }), transferMatrix] });
});

const task = (piece: string, width: number, height: number, sweep: 'row' | 'cell', removed?: number[], maxMemoryBytes?: number): Task => ({
  problem: { kind: 'placement', board: { width, height, ...(removed ? { removed } : {}) }, piece, k: 0 },
  goal: 'count',
  strategy: 'transfer-matrix',
  options: { sweep },
  budget: { maxTimeMs: 600_000, ...(maxMemoryBytes !== undefined ? { maxMemoryBytes } : {}) },
});
const table = (result: Result) => {
  if (result.status !== 'complete') throw new Error(`expected complete, got ${result.status}`);
  return result.table!;
};

describe('the cell sweep (sweep=cell)', () => {
  it('gives the published knights row sums A141243(n) for n = 1…10', async () => {
    for (let n = 1; n <= 10; n++) {
      const cells = table(await bezzel.solve(task('knight', n, n, 'cell')));
      expect(cells.reduce((a, b) => a + b, 0n), `n = ${n}`).toBe(published[n]);
    }
  }, 60_000);

  it('agrees with the row DP on every k: knights to 9×9, and kings, camels, zebras, R2 and lfN on square and oblong boards, some with removed squares', async () => {
    const cases: [string, number, number, number[]?][] = [];
    for (let n = 1; n <= 9; n++) cases.push(['knight', n, n]);
    for (const piece of ['king', 'camel', 'zebra', adHoc[0]!.id, adHoc[2]!.id]) {
      for (const [w, h] of [[6, 6], [4, 11], [11, 4], [7, 5]] as const) cases.push([piece, w, h]);
    }
    cases.push(['king', 10, 10], [adHoc[0]!.id, 8, 8], ['knight', 8, 8, [0, 9, 27, 63]], ['king', 7, 6, [3, 20]], ['zebra', 9, 5, [3, 17]], ['knight', 10, 3, [14]]);
    for (const [piece, w, h, removed] of cases) {
      const row = table(await bezzel.solve(task(piece, w, h, 'row', removed)));
      const cell = table(await bezzel.solve(task(piece, w, h, 'cell', removed)));
      expect(cell, `${piece} on ${w}×${h}${removed ? ` without ${removed.join(',')}` : ''}`).toEqual(row);
    }
  }, 60_000);

  it('agrees with brute force on every k for six leapers and ND on boards up to 5×5 and on 3×7, 7×3 and 2×9', async () => {
    const boards: [number, number][] = [[3, 7], [7, 3], [2, 9]];
    for (let w = 1; w <= 5; w++) for (let h = 1; h <= 5; h++) boards.push([w, h]);
    for (const piece of [knight, king, wazir, ferz, camel, zebra, adHoc[1]!]) {
      for (const [w, h] of boards) {
        const expected = bruteForceTable(new Board({ width: w, height: h }), piece).table;
        while (expected.length > 1 && expected[expected.length - 1] === 0n) expected.pop();
        expect(table(await bezzel.solve(task(piece.id, w, h, 'cell'))), `${piece.name} on ${w}×${h}`).toEqual(expected);
      }
    }
  }, 60_000);

  it('counts its states exactly before sweeping: the count checked against the memory is the largest table the sweep fills', async () => {
    for (const [piece, n] of [['knight', 9], ['king', 8], ['zebra', 6]] as const) {
      const result = await bezzel.solve(task(piece, n, n, 'cell'));
      const p = piece === 'knight' ? knight : piece === 'king' ? king : zebra;
      const model = rowModel(new Board({ width: n, height: n }), p.movement, true);
      expect(result.stats.extra?.states, `${piece} ${n}×${n}`).toBe(profileStates(model, cellModel(model)).max);
    }
    // Knights on 9×9: a profile of 2·9 + 1 squares.
    expect(cellModel(rowModel(new Board({ width: 9, height: 9 }), knight.movement, true)).bits).toBe(19);
  });

  it('uses primes below 2^29, none of the row DP\'s', () => {
    const cell = primesBelow2To29(8);
    const row = primesBelow2To30(8);
    expect(cell.every((p) => p < 2 ** 29 && p > 2 ** 28.99)).toBe(true);
    expect(row.every((p) => p > 2 ** 29)).toBe(true);
    expect(new Set(cell).size).toBe(8);
  });

  it('says its memory before allocating: refuses knights 16×16 at the default 1 GiB and accepts it with 15 GiB; counts only', () => {
    const support = (t: Task) => {
      const instance = bezzel.instantiate(t);
      if (!instance.ok) throw instance.error;
      return bezzel.strategy('transfer-matrix')!.supports(instance.value);
    };
    expect(support(task('knight', 16, 16, 'cell'))).toMatchObject({ ok: false, reason: expect.stringMatching(/the 13,470,325 cell states with a polynomial each would need about 13\.\d GiB, more than the 1 GiB a run may use/) });
    expect(support(task('knight', 16, 16, 'cell', undefined, 15 * 2 ** 30))).toMatchObject({ ok: true });
    expect(support({ ...task('knight', 6, 6, 'cell'), goal: 'maximum' })).toMatchObject({ ok: false, reason: expect.stringMatching(/counts only/) });
  });
});
