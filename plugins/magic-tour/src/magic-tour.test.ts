import { Board, combine, leaper, lineSums, pluginModule, UsageError, validateTour, type MagicKind, type Piece, type Result, type Task, type TraceEvent } from '@bezzel/core';
import backtracking from '@bezzel/backtracking';
import { moveGraph } from '@bezzel/tour-graph';
import knight from '@bezzel/knight';
import { describe, expect, it } from 'vitest';
import { bezzelWith, solveChecked } from '../../../test/support/solve.js';
import magicTour, { QuarteLayout } from './index.js';
import { bruteForceMagicTours } from './testing/brute-magic.js';

/** Pieces that small boards have magic tours for, where the knight has none: the king, and the emperor (knight + wazir). */
const king: Piece = { id: 'king', name: 'king', symbols: { unicode: 'K', ascii: 'K' }, movement: combine(leaper(0, 1), leaper(1, 1)) };
const emperor: Piece = { id: 'emperor', name: 'emperor', symbols: { unicode: 'E', ascii: 'E' }, movement: combine(leaper(1, 2), leaper(0, 1)) };
const bezzel = await bezzelWith(knight, backtracking, magicTour, pluginModule({ pieces: [king, emperor] }));

const magic = (n: number | [number, number], kind: MagicKind, extra: Partial<Task> & { start?: number; closed?: boolean; piece?: string } = {}): Task => {
  const [width, height] = typeof n === 'number' ? [n, n] : n;
  return {
    problem: { kind: 'tour', board: { width, height }, piece: extra.piece ?? 'knight', magic: kind, ...(extra.start !== undefined ? { start: extra.start } : {}), closed: extra.closed ?? false },
    goal: extra.goal ?? 'one',
    seed: extra.seed ?? 1,
    ...(extra.options ? { options: extra.options } : {}),
    ...(extra.budget ? { budget: extra.budget } : {}),
    ...(extra.strategy ? { strategy: extra.strategy } : {}),
  };
};

function tourOf(result: Result): Int32Array {
  expect(result.status, JSON.stringify((result as { partial?: unknown }).partial)).toBe('solved');
  const solution = result.status === 'solved' ? result.solutions[0] : undefined;
  return solution?.kind === 'tour' ? solution.path : new Int32Array();
}

describe('magic-tour', () => {
  it("finds a semi-magic 8×8 knight's tour by Beverley's quartes, every rank and file 260 by the core's own sums", async () => {
    const { result } = await solveChecked(bezzel, magic(8, 'semi'));
    expect(result.strategy).toBe('magic-tour');
    expect(result.stats.extra).toMatchObject({ method: 'quartes', deepest: 64 });
    const path = tourOf(result);
    const board = Board.square(8);
    expect(validateTour(board, knight_(), path, { magic: 'semi' }).valid).toBe(true);
    const sums = lineSums(board, path);
    expect([...sums.ranks, ...sums.files]).toEqual(Array(16).fill(260));
    // Regular: each run of four numbers 4x+1…4x+4 lies in one 4×4 block, on four ranks and four files of it.
    for (let x = 0; x < 16; x++) {
      const run = Array.from(path.subarray(4 * x, 4 * x + 4));
      expect(new Set(run.map((sq) => `${board.row(sq) >> 2},${board.col(sq) >> 2}`)).size).toBe(1);
      expect(new Set(run.map((sq) => board.row(sq))).size).toBe(4);
      expect(new Set(run.map((sq) => board.col(sq))).size).toBe(4);
    }
    // What makes it semi-magic (QuarteLayout): each band of four ranks (files) holds quartes whose indices sum to
    // 60, and the places 1…4 on each rank (file) sum to 20; 4·60 + 20 = 260.
    const place = (i: number) => (i % 4) + 1;
    for (let band = 0; band < 2; band++) {
      for (const coordinate of [(sq: number) => board.row(sq), (sq: number) => board.col(sq)]) {
        const quartes = Array.from({ length: 16 }, (_, x) => x).filter((x) => coordinate(path[4 * x]!) >> 2 === band);
        expect(quartes.reduce((a, b) => a + b, 0)).toBe(60);
      }
    }
    for (let line = 0; line < 8; line++) {
      expect(Array.from(path).reduce((sum, sq, i) => sum + (board.row(sq) === line ? place(i) : 0), 0)).toBe(20);
      expect(Array.from(path).reduce((sum, sq, i) => sum + (board.col(sq) === line ? place(i) : 0), 0)).toBe(20);
    }
    // The same seed gives the same search.
    const again = await bezzel.solve(magic(8, 'semi'));
    expect(Array.from(tourOf(again))).toEqual(Array.from(path));
    expect(again.stats.nodes).toBe(result.stats.nodes);
  });

  it('says honestly how far a tiny budget got: nodes spent, the deepest walk whose sums stayed reachable', async () => {
    const result = await bezzel.solve(magic(8, 'semi', { budget: { maxSteps: 2000 } }));
    expect(result).toMatchObject({ status: 'budget', exhausted: 'steps', stats: { nodes: 2000 } });
    if (result.status !== 'budget') return;
    const { score, best, note } = result.partial!;
    expect(score).toBeGreaterThan(8);
    expect(score).toBeLessThan(64);
    expect(note).toMatch(new RegExp(`^the deepest walk numbered ${score} of 64 squares with every rank and file still able to reach its sum; method quartes, 0 of 10 start squares searched to the end`));
    // The walk is legal, and no line's partial sum has passed 260 with room left for what must still come.
    const walk = best?.kind === 'tour' ? Array.from(best.path) : [];
    expect(walk).toHaveLength(score!);
    const board = Board.square(8);
    const report = validateTour(board, knight_(), walk);
    expect(report.firstError).toMatch(/never visited/);
    const rank = new Array<number>(8).fill(0);
    const filled = new Array<number>(8).fill(0);
    walk.forEach((sq, i) => {
      rank[board.row(sq)]! += i + 1;
      filled[board.row(sq)]!++;
    });
    rank.forEach((sum, r) => {
      const m = 8 - filled[r]!;
      expect(sum + m * score! + (m * (m + 1)) / 2).toBeLessThanOrEqual(260);
    });
  });

  it.each([
    [4, 2],
    [6, 2],
  ])('counts and lists the semi-magic king’s tours of %i×%i exactly as a brute-force enumeration does', async (width, height) => {
    const board = new Board({ width, height });
    const oracle = bruteForceMagicTours(board, king.movement.leaps);
    expect(oracle.semi).toBeGreaterThan(0);
    const counted = await bezzel.solve(magic([width, height], 'semi', { piece: 'king', goal: 'count' }));
    expect(counted).toMatchObject({ status: 'complete', count: BigInt(oracle.semi), stats: { extra: { method: 'plain' } } });
    const listed = await solveChecked(bezzel, magic([width, height], 'semi', { piece: 'king', goal: 'all' }));
    expect(listed.streamed).toHaveLength(oracle.semi);
    expect(new Set(listed.streamed.map((t) => (t.kind === 'tour' ? t.path.join() : ''))).size).toBe(oracle.semi);
  });

  it('counts the 4×4 emperor’s 456 semi-magic and 8 magic numbered tours, and lists the magic ones', async () => {
    // An enumeration of every path (the brute force above, from each of the 16 squares) found 456 and 8: one
    // magic tour up to symmetry, as Jelliss notes among Frénicle's 880 magic squares. It takes a minute, so the
    // figures are written down here.
    const semi = await bezzel.solve(magic(4, 'semi', { piece: 'emperor', goal: 'count' }));
    expect(semi).toMatchObject({ status: 'complete', count: 456n });
    const full = await solveChecked(bezzel, magic(4, 'full', { piece: 'emperor', goal: 'all' }));
    expect(full.result).toMatchObject({ status: 'complete', count: 8n });
    expect(full.streamed).toHaveLength(8);
    for (const tour of full.streamed) expect(tour.kind === 'tour' && lineSums(Board.square(4), tour.path).magic).toBe(true);
  });

  it('proves none exists where the plain search is exhausted: no semi-magic knight’s tour of 8×4 from a1', async () => {
    const result = await bezzel.solve(magic([8, 4], 'semi', { start: 0 }));
    expect(result).toMatchObject({ status: 'impossible', proof: 'exhausted', strategy: 'magic-tour' });
    if (result.status === 'impossible') expect(result.reason).toBe("no semi-magic knight's tour of 8×4 starts on a1: the search tried every numbering from it");
  });

  it('gives up on the quartes of a full magic tour of 12×12 within its budget and says so', async () => {
    const result = await bezzel.solve(magic(12, 'full', { budget: { maxTimeMs: 300 } }));
    expect(result).toMatchObject({ status: 'budget', exhausted: 'time' });
    if (result.status === 'budget') expect(result.partial?.note).toMatch(/every rank, file and diagonal still able to reach its sum; method quartes/);
  });

  it('stops when asked and keeps what it reached', async () => {
    const controller = new AbortController();
    const solving = bezzel.solve(magic(16, 'semi'), { signal: controller.signal, onProgress: () => controller.abort() });
    const result = await solving;
    expect(result.status).toBe('aborted');
    if (result.status === 'aborted') expect(result.partial?.score).toBeGreaterThan(0);
  });

  it('traces every move and retreat so that the path can be replayed', async () => {
    const events: TraceEvent[] = [];
    const result = await bezzel.solve(magic(8, 'semi', { budget: { maxSteps: 300 } }), { onTrace: (e) => events.push(e) });
    expect(result.status).toBe('budget');
    const path: number[] = [];
    for (const event of events) {
      if (event.type === 'move') {
        expect(event.depth).toBe(path.length);
        path.push(event.square);
      } else if (event.type === 'retreat') {
        expect(path.pop()).toBe(event.square);
      }
    }
    expect(events.filter((e) => e.type === 'move').length).toBeGreaterThan(300 / 2);
  });

  it('is what auto picks for a magic tour; strategies that do not honour magic decline it', async () => {
    const instance = bezzel.instantiate(magic(8, 'semi'));
    if (!instance.ok) throw instance.error;
    expect(bezzel.choose(instance.value)).toMatchObject({ ok: true, value: { meta: { id: 'magic-tour' } } });
    const reasons = Object.fromEntries(bezzel.support(instance.value).map(({ strategy, support }) => [strategy.meta.id, support]));
    expect(reasons.backtracking).toEqual({ ok: false, reason: 'it does not search for magic tours' });
    const plain = bezzel.instantiate({ problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight' }, goal: 'one' });
    if (!plain.ok) throw plain.error;
    expect(bezzel.support(plain.value).find((s) => s.strategy.meta.id === 'magic-tour')?.support).toMatchObject({ ok: false, reason: /magic tours only/ });
  });

  it("lays out Beverley's quartes for the knight on 8×8 and says why they do not apply elsewhere", () => {
    const layout = (width: number, height: number, piece: Piece) => {
      const board = new Board({ width, height });
      return QuarteLayout.of(board, moveGraph(board, piece));
    };
    const knights = layout(8, 8, knight_());
    if (typeof knights === 'string') throw new Error(knights);
    expect(knights).toMatchObject({ rankBandTarget: 60, fileBandTarget: 60, rankPlaces: 20, filePlaces: 20, quartes: 16, blocks: 4 });
    // A whole block splits into quartes, a block less one square cannot; Beverley's a1 quarte (a1 c2 b4 d3) is one.
    expect(knights.fillable[0xffff]).toBe(1);
    expect(knights.fillable[0xfffe]).toBe(0);
    expect(knights.fillable[(1 << 0) | (1 << 6) | (1 << 13) | (1 << 11)]).toBe(1);
    expect(layout(8, 12, knight_())).toBeInstanceOf(QuarteLayout);
    expect(layout(6, 8, knight_())).toBe('the sides of 6×8 are not multiples of 4');
    expect(layout(8, 8, { ...emperor, movement: leaper(0, 2) })).toBe("no four of the piece's moves cross a 4×4 block on four ranks and four files");
  });

  it('refuses methods that cannot do the task, in one line', async () => {
    await expect(bezzel.solve(magic([8, 12], 'semi', { options: { method: 'quartes' }, strategy: 'magic-tour', goal: 'count' }))).rejects.toThrow(/method quartes finds regular tours only/);
    await expect(bezzel.solve(magic([6, 8], 'semi', { options: { method: 'quartes' } }))).rejects.toThrow(new UsageError('ERR_OPTION', 'method quartes does not apply to 6×8: the sides of 6×8 are not multiples of 4'));
  });
});

function knight_(): Piece {
  return bezzel.piece('knight')!;
}
