import bitboard from '@bezzel/bitboard';
import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { Board, combine, countFloorMs, leaper, pluginModule, rider, validatePlacement, type BoardSpec, type Goal, type Task, type TraceEvent } from '@bezzel/core';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf, solveChecked } from '../../../test/support/solve.js';
import dlx from './index.js';
import { bruteCount } from './testing/brute.js';

interface OracleRow {
  n: number;
  all: number | string;
}
const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/queens.json', import.meta.url), 'utf8')) as { rows: OracleRow[] };

/** Pieces only these tests need: a compound leaper-rider, a short rider, a one-way rider, a (1,2) rider. */
const extra = pluginModule({
  pieces: [
    { id: 'amazon', name: 'amazon', symbols: { unicode: 'A', ascii: 'A' }, movement: combine(rider(0, 1), rider(1, 1), leaper(1, 2)) },
    { id: 'short-rook', name: 'short rook', symbols: { unicode: 'S', ascii: 'S' }, movement: rider(0, 1, 2) },
    { id: 'one-way', name: 'one-way rook', symbols: { unicode: 'W', ascii: 'W' }, movement: { leaps: [], rides: [{ dx: 1, dy: 0 }, { dx: 0, dy: 1 }] } },
    { id: 'nightrider', name: 'nightrider', symbols: { unicode: 'N', ascii: 'N' }, movement: rider(1, 2) },
  ],
});
const bezzel = await bezzelWith(queen, classic, knight, extra, bitboard, dlx);

const placement = (piece: string, board: BoardSpec, goal: Goal, k?: number, strategy = 'dlx'): Task => ({
  problem: { kind: 'placement', board, piece, ...(k === undefined ? {} : { k }) },
  goal,
  strategy,
});

/** The instance's support answer from dlx. */
function support(task: Task) {
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  return bezzel.strategy('dlx')!.supports(instance.value);
}

describe('dlx counts', () => {
  const rows = oracle.rows.filter((r) => r.n <= 12);

  it.each(rows)('$n queens: the published count, and bitboard agrees', async ({ n, all }) => {
    const board = { width: n, height: n };
    const { result } = await solveChecked(bezzel, placement('queen', board, 'count'));
    expect(countOf(result)).toBe(BigInt(all));
    if (n > 1) expect(result.stats.extra?.columns).toBe('ranks and files primary; diagonals and anti-diagonals secondary');
    const other = await bezzel.solve(placement('queen', board, 'count', undefined, 'bitboard'));
    expect(countOf(result)).toBe(countOf(other));
  });

  it('n rooks: n! (ranks and files primary, nothing secondary)', async () => {
    let factorial = 1n;
    for (let n = 1; n <= 7; n++) {
      factorial *= BigInt(n);
      const { result } = await solveChecked(bezzel, placement('rook', { width: n, height: n }, 'count'));
      expect(countOf(result), `${n} rooks`).toBe(factorial);
      expect(result.stats.extra?.columns).toBe('ranks and files primary');
    }
  });

  it('rectangles: the short side is primary, and bitboard agrees', async () => {
    for (const [w, h] of [[5, 8], [8, 6], [3, 9], [7, 4]] as const) {
      for (const piece of ['queen', 'rook']) {
        const { result } = await solveChecked(bezzel, placement(piece, { width: w, height: h }, 'count'));
        const other = await bezzel.solve(placement(piece, { width: w, height: h }, 'count', undefined, 'bitboard'));
        expect(countOf(result), `${piece}s on ${w}×${h}`).toBe(countOf(other));
      }
    }
  });

  it('goal all streams distinct valid solutions, as many as the count', async () => {
    for (const [piece, n] of [['queen', 8], ['queen', 9], ['rook', 5]] as const) {
      const board = { width: n, height: n };
      const { result, streamed } = await solveChecked(bezzel, placement(piece, board, 'all'));
      const counted = await bezzel.solve(placement(piece, board, 'count'));
      expect(BigInt(streamed.length)).toBe(countOf(counted));
      expect(countOf(result)).toBe(countOf(counted));
      const keys = new Set(streamed.map((s) => (s.kind === 'placement' ? [...s.squares].sort((a, b) => a - b).join(',') : '')));
      expect(keys.size).toBe(streamed.length);
    }
  });

  it('goal one: a valid placement, or impossible after an exhausted search', async () => {
    const { result } = await solveChecked(bezzel, placement('queen', { width: 8, height: 8 }, 'one'));
    expect(result.status).toBe('solved');
    const three = await bezzel.solve(placement('queen', { width: 3, height: 3 }, 'one'));
    expect(three.status).toBe('impossible');
    expect(three.status === 'impossible' && three.proof).toBe('exhausted');
    // The S heuristic finds 40 queens quickly.
    const forty = await solveChecked(bezzel, placement('queen', { width: 40, height: 40 }, 'one'));
    expect(forty.result.status).toBe('solved');
  });
});

describe('dlx on boards with holes and on tori', () => {
  it('random holes: where it supports the task, it counts as an independent count does, and streams that many valid solutions', async () => {
    let supported = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 2, max: 7 }),
        fc.constantFrom('queen', 'rook', 'one-way'),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom(true, true, false),
        fc.constantFrom(0, 0, 0, 1),
        async (width, height, piece, picks, edge, fewer) => {
          // Holes in the first and last files keep every rank one line (ranks stay primary); elsewhere they may split it.
          const removed = picks.map((p) => (edge ? Math.floor(p / 2) % height * width + (p % 2 === 0 ? 0 : width - 1) : p % (width * height)));
          const board: BoardSpec = { width, height, removed };
          const k = Math.max(1, Math.min(width, height) - fewer);
          if (k > width * height - new Set(removed).size) return;
          const task = placement(piece, board, 'all', k);
          const answer = support(task);
          const expected = bruteCount(board, bezzel.piece(piece)!, k);
          if (!answer.ok) {
            expect(answer.reason).toMatch(/exact cover|pigeonhole/);
            return;
          }
          supported++;
          const { result, streamed } = await solveChecked(bezzel, task);
          expect(countOf(result), `${k} ${piece}s on ${JSON.stringify(board)}`).toBe(expected);
          expect(BigInt(streamed.length)).toBe(expected);
          const counted = await bezzel.solve({ ...task, goal: 'count' });
          expect(countOf(counted)).toBe(expected);
        },
      ),
      { numRuns: 80 },
    );
    expect(supported).toBeGreaterThan(25);
  });

  it('holes at the ends of ranks: 8 queens with a1 and h8 removed agree with an independent count', async () => {
    const board = { width: 8, height: 8, removed: [0, 63] };
    const { result } = await solveChecked(bezzel, placement('queen', board, 'count', 8));
    expect(countOf(result)).toBe(bruteCount(board, bezzel.piece('queen')!, 8));
  });

  it('queens on tori: none on 4×4 and 6×6, 10 on 5×5, 28 on 7×7 (Pólya), as the independent count says', async () => {
    for (const [n, expected] of [[4, 0n], [5, 10n], [6, 0n], [7, 28n]] as const) {
      const board = { width: n, height: n, torus: true };
      const { result } = await solveChecked(bezzel, placement('queen', board, 'count', n));
      expect(countOf(result), `${n}×${n} torus`).toBe(expected);
      expect(bruteCount(board, bezzel.piece('queen')!, n)).toBe(expected);
    }
  });
});

describe('dlx declines what is not an exact cover of lines', () => {
  it.each([
    ['knight', { width: 6, height: 6 }, 6, /leaps \(1,2\)/],
    ['amazon', { width: 8, height: 8 }, 8, /leaps \(1,2\)/],
    ['short-rook', { width: 6, height: 6 }, 6, /stops after 2 steps/],
    ['bishop', { width: 8, height: 8 }, 14, /k = 14, and 8×8 has 15 diagonals, 15 anti-diagonals/],
    ['queen', { width: 8, height: 8 }, 6, /k = 6/],
    ['rook', { width: 8, height: 8 }, 9, /pigeonhole/],
    ['queen', { width: 5, height: 7, torus: true }, 5, /torus/],
    ['queen', { width: 130, height: 130 }, 130, /67,600 links, more than the 65,536/],
  ] as const)('%s on %j, k = %i', async (piece, board, k, reason) => {
    const answer = support(placement(piece, board, 'count', k));
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.reason).toMatch(reason);
    await expect(bezzel.solve(placement(piece, board, 'count', k))).rejects.toThrow(/strategy dlx cannot do this/);
  });

  it('a nightrider rides lines too, but no family of its (1,2) lines has exactly k: declined with the counts', () => {
    const answer = support(placement('nightrider', { width: 4, height: 4 }, 'count', 4));
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.reason).toMatch(/lines/);
  });
});

describe('dlx budget, cost and trace', () => {
  it('a step budget stops it with status budget, the count so far and the share covered', async () => {
    const task = { ...placement('queen', { width: 12, height: 12 }, 'count'), budget: { maxSteps: 5000 } };
    const result = await bezzel.solve(task);
    expect(result.status).toBe('budget');
    if (result.status !== 'budget') return;
    expect(result.exhausted).toBe('steps');
    expect(result.stats.nodes).toBeLessThanOrEqual(5000);
    expect(result.partial?.coverage).toBeGreaterThan(0);
    expect(result.partial?.coverage).toBeLessThan(0.2);
    expect(result.partial?.count).toBeLessThan(14200n);
  });

  it('an aborted run says so', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await bezzel.solve(placement('queen', { width: 13, height: 13 }, 'count'), { signal: controller.signal });
    expect(result.status).toBe('aborted');
  });

  it('costs more than bitboard for n queens counts, so auto leaves them to it, and the estimate is near the nodes searched', async () => {
    for (let n = 4; n <= 13; n++) {
      const task = placement('queen', { width: n, height: n }, 'count', undefined, 'auto');
      const instance = bezzel.instantiate(task);
      if (!instance.ok) throw instance.error;
      const mine = bezzel.strategy('dlx')!.supports(instance.value);
      const theirs = bezzel.strategy('bitboard')!.supports(instance.value);
      expect(mine.ok && theirs.ok && mine.cost > theirs.cost, `${n} queens`).toBe(true);
    }
    const result = await bezzel.solve(placement('queen', { width: 10, height: 10 }, 'count'));
    const instance = bezzel.instantiate(placement('queen', { width: 10, height: 10 }, 'count'));
    if (!instance.ok) throw instance.error;
    const cost = bezzel.strategy('dlx')!.supports(instance.value);
    expect(cost.ok).toBe(true);
    // 16,447 nodes and 312,964 updates: about 9 ms on the reference machine.
    expect(result.stats.nodes).toBe(16447);
    expect(cost.ok && cost.cost).toBeGreaterThan(4);
    expect(cost.ok && cost.cost).toBeLessThan(40);
  });

  it('a traced run covers and uncovers in balance, and its solution events are valid placements', async () => {
    const events: TraceEvent[] = [];
    const task = placement('queen', { width: 6, height: 6 }, 'all');
    const result = await bezzel.solve(task, { onTrace: (e) => events.push(e) });
    const board = Board.square(6);
    const stack: number[] = [];
    let covers = 0;
    let solutions = 0;
    for (const e of events) {
      if (e.type === 'cover') {
        expect(e.depth).toBe(stack.length);
        expect(e.size).toBeGreaterThan(0);
        expect(e.column).toMatch(/^(rank [1-6]|file [a-f])$/);
        expect(e.also?.length).toBe(3);
        stack.push(e.row);
        covers++;
      } else if (e.type === 'uncover') {
        expect(e.depth).toBe(stack.length - 1);
        expect(stack.pop()).toBe(e.row);
      } else if (e.type === 'solution') {
        expect(e.index).toBe(solutions++);
        expect(validatePlacement(board, bezzel.piece('queen')!, stack, 6).valid).toBe(true);
      }
    }
    expect(stack).toEqual([]);
    expect(solutions).toBe(4);
    expect(covers).toBe(result.stats.nodes);
    const first = events.find((e) => e.type === 'cover');
    expect(first).toMatchObject({ type: 'cover', row: 0, column: 'rank 1', depth: 0, size: 6, also: ['file a', 'diagonal a1–f6', 'anti-diagonal a1'] });
  });
});

describe("dlx's floor for auto", () => {
  it('is below its own estimate, and lets auto leave it out where a count is far beyond it (16 queens)', () => {
    const strategy = bezzel.strategy('dlx')!;
    for (const [n, goal] of [[6, 'count'], [8, 'all'], [10, 'count'], [16, 'count']] as const) {
      const instance = bezzel.instantiate(placement('queen', { width: n, height: n }, goal, undefined, 'auto'));
      if (!instance.ok) throw instance.error;
      const support = strategy.supports(instance.value);
      if (!support.ok) throw new Error(support.reason);
      expect(countFloorMs(strategy.meta.countFloor, instance.value)).toBeLessThanOrEqual(support.cost);
    }
    const sixteen = bezzel.instantiate(placement('queen', { width: 16, height: 16 }, 'count', undefined, 'auto'));
    if (!sixteen.ok) throw sixteen.error;
    // 14.8 million solutions at 7·10⁻⁵ ms a node, taken at half: half a second at least, above the join's 0.2 s.
    expect(countFloorMs(strategy.meta.countFloor, sixteen.value)).toBeGreaterThan(300);
    const one = bezzel.instantiate(placement('queen', { width: 16, height: 16 }, 'one', undefined, 'auto'));
    if (!one.ok) throw one.error;
    expect(countFloorMs(strategy.meta.countFloor, one.value)).toBe(0);
  });
});
