import { Board, createBezzel } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onwardDegrees } from '../board/degrees.js';
import { click, nextSquares, verdict, type Attempt, type Puzzle } from './play.js';

const bezzel = await createBezzel({ plugins: [queen, knight] });
const eight: Puzzle = { board: Board.square(8), piece: bezzel.piece('queen')!, k: 8 };
const tour5: Puzzle = { board: Board.square(5), piece: bezzel.piece('knight')!, start: 0 };
const named = (board: Board, names: string) => names.split(' ').map((n) => { const p = board.parseSquare(n); if (!p.ok) throw p.error; return p.value; });
function play(puzzle: Puzzle, attempt: Attempt, squares: number[]) {
  let refused: string | undefined;
  for (const sq of squares) ({ attempt, refused } = click(puzzle, attempt, sq));
  return { attempt, refused };
}

describe('play: placing pieces', () => {
  it('explains a diagonal conflict as `bezzel check` does, and takes a piece off when clicked again', () => {
    const { attempt } = play(eight, { kind: 'placement', pieces: [] }, named(eight.board, 'a1 d4'));
    const v = verdict(eight, attempt);
    expect(v.summary).toBe('Invalid: 2 queens on 8×8.');
    expect(v.problems).toEqual(['1 attacking pair:', 'a1 and d4 share a diagonal']);
    expect(v.conflicts).toHaveLength(1);
    const undone = play(eight, attempt, named(eight.board, 'd4')).attempt;
    expect(verdict(eight, undone).summary).toBe('1 of 8 queens placed, no two attack each other.');
  });

  it('calls a full non-attacking placement solved', () => {
    const { attempt } = play(eight, { kind: 'placement', pieces: [] }, named(eight.board, 'a1 b5 c8 d6 e3 f7 g2 h4'));
    expect(verdict(eight, attempt)).toMatchObject({ solved: true, summary: 'Valid: 8 queens on 8×8, no two attack each other.', problems: [] });
  });
});

describe('play: walking a tour', () => {
  it('refuses a move that is not a knight\'s move, with the validator\'s words, and keeps the walk', () => {
    const { attempt, refused } = play(tour5, { kind: 'tour', path: [] }, named(tour5.board, 'a1 b3 c5 c4'));
    expect(refused).toBe("move 3 from c5 to c4 is not a knight's move");
    expect(attempt).toEqual({ kind: 'tour', path: named(tour5.board, 'a1 b3 c5') });
    expect(verdict(tour5, attempt).summary).toBe('3 of 25 squares visited.');
    expect(play(tour5, { kind: 'tour', path: [] }, named(tour5.board, 'b1')).refused).toBe('the tour starts on a1');
    expect(play(tour5, attempt, named(tour5.board, 'a1')).refused).toMatch(/returns to a1/);
  });

  it('takes the last move back when its square is clicked', () => {
    let { attempt } = play(tour5, { kind: 'tour', path: [] }, named(tour5.board, 'a1 c2 a3 b1 d2 b3 a5 c4'));
    expect(attempt.kind === 'tour' && attempt.path.length).toBe(8);
    expect(verdict(tour5, attempt).problems).toEqual([]);
    ({ attempt } = play(tour5, attempt, named(tour5.board, 'c4')));
    expect(attempt).toEqual({ kind: 'tour', path: named(tour5.board, 'a1 c2 a3 b1 d2 b3 a5') });
  });

  it('reports stuck exactly when no onward square is left, for random walks', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (picks) => {
        let attempt: Attempt = { kind: 'tour', path: [0] };
        for (const pick of picks) {
          const next = nextSquares(tour5, attempt.kind === 'tour' ? attempt.path : []);
          if (next.length === 0) break;
          attempt = click(tour5, attempt, next[pick % next.length]!).attempt;
        }
        const path = attempt.kind === 'tour' ? attempt.path : [];
        const stuck = path.length < 25 && nextSquares(tour5, path).length === 0;
        expect(verdict(tour5, attempt).problems.some((p) => p.startsWith('Stuck'))).toBe(stuck);
        const degrees = onwardDegrees(tour5.board, tour5.piece, path);
        expect(nextSquares(tour5, path).every((sq) => degrees[sq]! >= 0)).toBe(true);
        for (const sq of path) expect(degrees[sq]).toBe(-1);
      }),
      { seed: 9, numRuns: 200 },
    );
  });
});
