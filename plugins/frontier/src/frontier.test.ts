import { Board, createBezzel, type Bezzel, type BoardSpec, type Task } from '@bezzel/core';
import backtracking from '@bezzel/backtracking';
import knight from '@bezzel/knight';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testPieceModule } from '../../backtracking/src/testing/pieces.js';
import frontier, { frontierWidth, orderedGraph } from './index.js';

const bezzel: Bezzel = await createBezzel({ plugins: [testPieceModule, backtracking, frontier] });
const knights: Bezzel = await createBezzel({ plugins: [knight, backtracking, frontier] });
const narrow = JSON.parse(readFileSync(new URL('../../../test/oracles/closed-tours-narrow.json', import.meta.url), 'utf8')) as Record<'rows3' | 'rows5' | 'rows6', Record<string, string>>;
const open = JSON.parse(readFileSync(new URL('../../../test/oracles/open-tours.json', import.meta.url), 'utf8')) as Record<'rows3' | 'rows4' | 'rows5' | 'rows6' | 'rows7' | 'square', Record<string, string>>;
const slow = process.env.BEZZEL_SLOW === '1';

const tour = (board: BoardSpec, closed: boolean, strategy: string, piece = 'knight', options?: Task['options']): Task => ({
  problem: { kind: 'tour', board, piece, closed },
  goal: 'count',
  strategy,
  // The frontier's memory model is a guess made for long boards; these small ones need little whatever their frontier.
  budget: { maxTimeMs: 600_000, maxMemoryBytes: 2 ** 34 },
  ...(options ? { options } : {}),
});

async function count(task: Task, on: Bezzel = bezzel): Promise<bigint> {
  const result = await on.solve(task);
  if (result.status === 'impossible' && result.proof === 'theorem') return 0n;
  if (result.status !== 'complete') throw new Error(`${JSON.stringify(task.problem)}: ${result.status}`);
  return result.count;
}

describe('frontier DP: tour counts', () => {
  it('equal the backtracker on a sweep of boards and pieces, closed and open, directed and undirected', async () => {
    const cases: [BoardSpec, string][] = [
      [{ width: 3, height: 4 }, 'knight'],
      [{ width: 4, height: 5 }, 'knight'],
      [{ width: 5, height: 5 }, 'knight'],
      [{ width: 6, height: 5 }, 'knight'],
      [{ width: 3, height: 7 }, 'knight'],
      [{ width: 4, height: 6 }, 'knight'],
      [{ width: 3, height: 10 }, 'knight'],
      [{ width: 5, height: 5, removed: [12] }, 'knight'],
      [{ width: 5, height: 4, removed: [0, 19] }, 'knight'],
      [{ width: 3, height: 3 }, 'king'],
      [{ width: 4, height: 4 }, 'king'],
      [{ width: 4, height: 3, removed: [5] }, 'king'],
      [{ width: 5, height: 5 }, 'camel'],
      [{ width: 4, height: 4, torus: true }, 'knight'],
      [{ width: 2, height: 3, torus: true }, 'king'],
    ];
    let nonZero = 0;
    for (const [spec, piece] of cases) {
      for (const closed of [true, false]) {
        for (const direction of ['directed', 'undirected'] as const) {
          const what = `${closed ? 'closed' : 'open'} ${direction} ${piece} on ${JSON.stringify(spec)}`;
          const expected = await count(tour(spec, closed, 'backtracking', piece, { direction }));
          expect(await count(tour(spec, closed, 'frontier', piece, { direction })), what).toBe(expected);
          if (expected > 0n) nonZero++;
        }
      }
    }
    expect(nonZero).toBeGreaterThan(30);
  });

  it('count 6×6: 9862 closed tours (OEIS A001230) and 1728 directed open tours of 5×5 (A165134)', async () => {
    expect(await count(tour({ width: 6, height: 6 }, true, 'frontier'), knights)).toBe(9862n);
    expect(await count(tour({ width: 5, height: 5 }, false, 'frontier'), knights)).toBe(1728n);
  });

  it('count the closed tours of 3×n to n = 30 (A383660, A070030) and 5×n to n = 12 (A383661, A175855) in about a second', async () => {
    for (const [rows, table] of [[3, narrow.rows3], [5, narrow.rows5]] as const) {
      for (const [n, expected] of Object.entries(table)) {
        expect(await count(tour({ width: Number(n), height: rows }, true, 'frontier'), knights), `${rows}×${n}`).toBe(BigInt(expected));
      }
    }
  });

  it('count the closed tours of 6×n (A175881) to n = 7 and n = 12; in BEZZEL_SLOW to 16 and 20, 25, …, 40', async () => {
    for (const [n, expected] of Object.entries(narrow.rows6)) {
      const wanted = slow ? Number(n) <= 16 || Number(n) % 5 === 0 : Number(n) <= 7 || Number(n) === 12;
      if (!wanted) continue;
      expect(await count(tour({ width: Number(n), height: 6 }, true, 'frontier'), knights), `6×${n}`).toBe(BigInt(expected));
    }
  }, 3_600_000);

  it('count the open tours of k×n, k = 3…7, and n×n as the OEIS rows give them (A169696, A079137, A083386, A306281, A306283, A308131); more of each in BEZZEL_SLOW', async () => {
    // Undirected: the OEIS rows count each path once. Up to where a board takes a tenth of a second or so (5×6:
    // 45,439 states at the peak); BEZZEL_SLOW goes on to the rows' ends or to 5×18, 6×8, 7×6 and 6×6 (seconds to
    // minutes each). 7×3, 7×4 and 7×5 are 3×7, 4×7 and 5×7 turned, so slow only.
    const upTo = { rows3: 29, rows4: slow ? 24 : 16, rows5: slow ? 18 : 6, rows6: slow ? 8 : 5, rows7: slow ? 6 : 2, square: slow ? 6 : 5 } as const;
    let checked = 0;
    for (const [row, last] of Object.entries(upTo) as [keyof typeof upTo, number][]) {
      const k = row === 'square' ? undefined : Number(row.slice(4));
      for (let n = 2; n <= last; n++) {
        // n = 1: A308131(1) = 0 where A165134(1) = 1; a one-square board has its one-square tour here, as in A165134.
        const expected = BigInt(open[row][String(n)]!);
        const task = tour({ width: n, height: k ?? n }, false, 'frontier', 'knight', { direction: 'undirected' });
        expect(await count(task, knights), `${k ?? n}×${n}`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(55);
  }, 3_600_000);

  it('sweeps six ranks 1, 4, 2, 3, 0, 5 (a frontier of 12 squares and the added ones closed under the mirror after each pair)', () => {
    const graph = orderedGraph(new Board({ width: 8, height: 6 }), knights.piece('knight')!);
    expect([...graph.square.subarray(0, 6)]).toEqual([1, 4, 2, 3, 0, 5].map((r) => r * 8));
    expect(frontierWidth(graph)).toBe(13);
    expect(graph.mirror?.[0]).toBe(1);
    expect(orderedGraph(new Board({ width: 8, height: 6, removed: [0] }), knights.piece('knight')!).mirror).toBeUndefined();
  });

  it('never cuts a count into parts: a board counted in memory is one sub-task, the whole; one with its states on disk runs whole with its own threads', () => {
    const split = (board: BoardSpec, closed = true) => {
      const instance = knights.instantiate(tour(board, closed, 'frontier'));
      if (!instance.ok) throw instance.error;
      return knights.strategy('frontier')!.split!(instance.value, 16);
    };
    const whole = split({ width: 30, height: 6 })!;
    expect(whole).toHaveLength(1);
    expect(whole[0]).toMatchObject({ task: { strategy: 'frontier' }, weight: 1 });
    expect(split({ width: 8, height: 7 })).toBeUndefined();
    expect(split({ width: 8, height: 8 })).toBeUndefined();
    expect(split({ width: 7, height: 7 }, false)).toBeUndefined();
  });

  it('declines what it cannot count: a given start, one-way moves, a frontier past what a state holds', () => {
    const supports = (task: Task) => {
      const instance = bezzel.instantiate(task);
      if (!instance.ok) throw instance.error;
      return bezzel.strategy('frontier')!.supports(instance.value);
    };
    expect(supports({ ...tour({ width: 5, height: 5 }, false, 'frontier'), problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 0 } })).toMatchObject({ ok: false });
    expect(supports(tour({ width: 4, height: 4 }, false, 'frontier', 'turner'))).toMatchObject({ ok: false, reason: expect.stringMatching(/cannot all be made back/) });
    expect(supports(tour({ width: 20, height: 20 }, true, 'frontier'))).toMatchObject({ ok: false });
  });
});
