import classic from '@bezzel/classic';
import { Board, type DominationVariant, type Result, type Task } from '@bezzel/core';
import coverSearch from '@bezzel/cover-search';
import fairy from '@bezzel/fairy';
import greedyCover from '@bezzel/greedy-cover';
import ilp from '@bezzel/ilp';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteDomination } from './support/brute-domination.js';
import { bezzelWith, countOf, solveChecked } from './support/solve.js';

const variants: readonly DominationVariant[] = ['plain', 'independent', 'total'];
const minimumOf = (r: Result) => (r.status === 'solved' || r.status === 'complete' ? r.minimum?.value : r.status === 'impossible' ? 'none' : r.status);

describe('domination strategies agree with each other and with brute force', async () => {
  const bezzel = await bezzelWith(queen, knight, classic, fairy, coverSearch, ilp, greedyCover);
  const pieces = bezzel.pieces.map((p) => p.id);
  const task = (piece: string, board: Board, variant: DominationVariant, goal: Task['goal'], strategy: string): Task => ({
    problem: { kind: 'dominate', board: board.spec, piece, ...(variant === 'plain' ? {} : { variant }) },
    goal,
    strategy,
    budget: { maxTimeMs: 120_000 },
  });

  it('covers every built-in piece', () => expect(pieces.length).toBeGreaterThanOrEqual(16));

  // Every board up to 4×4 (and its rotation, for the rectangles), every piece, every variant: 480 problems.
  const tiny = [1, 2, 3, 4].flatMap((h) => [1, 2, 3, 4].filter((w) => w <= h).map((w) => new Board({ width: w, height: h })));
  it.each(variants)('cover-search counts the minimum sets as brute force does on every board up to 4×4 (%s)', async (variant) => {
    for (const piece of pieces) {
      for (const board of tiny) {
        const truth = bruteDomination(board, bezzel.piece(piece)!, variant);
        const { result } = await solveChecked(bezzel, task(piece, board, variant, 'count-minimum', 'cover-search'));
        const what = `${piece} ${board} ${variant}`;
        if (!truth) {
          expect(result.status, what).toBe('impossible');
          continue;
        }
        expect(minimumOf(result), what).toBe(truth.gamma);
        expect(countOf(result), what).toBe(BigInt(truth.sets));
      }
    }
  });

  it.each(['plain', 'total'] as const)('cover-search finds a %s dominating set of exactly k pieces when and only when k is at least the minimum, on every board up to 4×4', async (variant) => {
    // More pieces never spoil a plain or total dominating set, so sets of k exist for every k from γ to the squares.
    for (const piece of pieces) {
      for (const board of tiny) {
        const truth = bruteDomination(board, bezzel.piece(piece)!, variant);
        if (!truth) continue;
        for (const k of new Set([truth.gamma - 1, truth.gamma, truth.gamma + 1, board.playable].filter((k) => k >= 1 && k <= board.playable))) {
          const base = task(piece, board, variant, 'one', 'cover-search');
          const { result } = await solveChecked(bezzel, { ...base, problem: { ...base.problem, k } as Task['problem'] });
          expect(result.status, `${piece} ${board} ${variant} k=${k}`).toBe(k >= truth.gamma ? 'solved' : 'impossible');
        }
      }
    }
  });

  it('cover-search finds an independent dominating set of exactly k pieces when and only when one exists, on every board up to 4×4', async () => {
    // Independent sets cannot be padded: past the largest independent dominating set there is none (queens on 4×4:
    // sets of 3 and of 4 pieces, none of 5).
    for (const piece of pieces) {
      for (const board of tiny) {
        const truth = bruteDomination(board, bezzel.piece(piece)!, 'independent');
        for (let k = 1; k <= board.playable; k++) {
          const base = task(piece, board, 'independent', 'one', 'cover-search');
          const { result } = await solveChecked(bezzel, { ...base, problem: { ...base.problem, k } as Task['problem'] });
          expect(result.status, `${piece} ${board} independent k=${k}`).toBe(truth?.sizes.has(k) ? 'solved' : 'impossible');
        }
      }
    }
  });

  it('holds on random small boards with holes and on tori (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ w: fc.integer({ min: 1, max: 5 }), h: fc.integer({ min: 1, max: 4 }), torus: fc.boolean(), holes: fc.array(fc.nat(19), { maxLength: 4 }), piece: fc.constantFrom(...pieces), variant: fc.constantFrom(...variants) }),
        async ({ w, h, torus, holes, piece, variant }) => {
          const removed = [...new Set(holes.filter((s) => s < w * h))];
          const board = new Board({ width: w, height: h, torus, ...(removed.length ? { removed } : {}) });
          const truth = bruteDomination(board, bezzel.piece(piece)!, variant);
          const { result } = await solveChecked(bezzel, task(piece, board, variant, 'count-minimum', 'cover-search'));
          if (!truth) expect(result.status).toBe('impossible');
          else {
            expect(minimumOf(result)).toBe(truth.gamma);
            expect(countOf(result)).toBe(BigInt(truth.sets));
          }
        },
      ),
      { numRuns: 60, seed: 17 },
    );
  });

  // Beyond brute force: the exact search against the integer program, boards 5×5 to 7×7 (every variant).
  const boards = [new Board({ width: 5, height: 5 }), new Board({ width: 6, height: 6 }), new Board({ width: 7, height: 7 })];
  const classical = ['queen', 'rook', 'bishop', 'knight', 'king'];
  it.each(variants)('cover-search and ilp find the same minimum for the classical pieces up to 7×7 (%s)', async (variant) => {
    for (const piece of classical) {
      for (const board of boards) {
        const exact = await solveChecked(bezzel, task(piece, board, variant, 'minimum', 'cover-search'));
        const solver = await solveChecked(bezzel, task(piece, board, variant, 'minimum', 'ilp'));
        expect(minimumOf(solver.result), `${piece} ${board} ${variant}`).toBe(minimumOf(exact.result));
      }
    }
  });

  it('cover-search and ilp agree for every fairy piece on 6×6, and greedy never beats the minimum', async () => {
    for (const piece of pieces.filter((p) => !classical.includes(p))) {
      const board = new Board({ width: 6, height: 6 });
      const exact = await solveChecked(bezzel, task(piece, board, 'plain', 'minimum', 'cover-search'));
      const solver = await solveChecked(bezzel, task(piece, board, 'plain', 'minimum', 'ilp'));
      expect(minimumOf(solver.result), piece).toBe(minimumOf(exact.result));
      const { result } = await solveChecked(bezzel, { ...task(piece, board, 'plain', 'one', 'greedy-cover'), seed: 3 });
      const size = result.status === 'solved' && result.solutions[0]!.kind === 'placement' ? result.solutions[0]!.squares.length : 0;
      expect(size, piece).toBeGreaterThanOrEqual(Number(minimumOf(exact.result)));
    }
  });
});
