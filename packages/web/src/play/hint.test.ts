import { Board, createBezzel, validatePlacement, type Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { hintBeforeSearch, hintFrom, hintTask } from './hint.js';
import { click, verdict, type Attempt, type Puzzle } from './play.js';
import { pagePlugins } from '../shared/plugins.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
const queens: Task = { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'all', strategy: 'backtracking' };
const eight: Puzzle = { board: Board.square(8), piece: bezzel.piece('queen')!, k: 8 };
const tourTask: Task = { problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'warnsdorff' };
const tour5: Puzzle = { board: Board.square(5), piece: bezzel.piece('knight')!, start: 0 };

async function hint(task: Task, puzzle: Puzzle, attempt: Attempt) {
  return hintBeforeSearch(puzzle, attempt) ?? hintFrom(puzzle, attempt, await bezzel.solve(hintTask(task, attempt)));
}

describe('hints', () => {
  it('follows hints from an empty board to a solution of 8 queens', async () => {
    let attempt: Attempt = { kind: 'placement', pieces: [] };
    for (let i = 0; i < 8; i++) {
      const h = await hint(queens, eight, attempt);
      expect(h.square, h.text).toBeDefined();
      attempt = click(eight, attempt, h.square!).attempt;
      expect(validatePlacement(eight.board, eight.piece, attempt.kind === 'placement' ? attempt.pieces : []).valid).toBe(true);
    }
    expect(verdict(eight, attempt).solved).toBe(true);
    expect((await hint(queens, eight, attempt)).text).toBe('All the pieces are on the board.');
  });

  it('says to take a piece back when no solution keeps the pieces, and to mend a conflict first', async () => {
    const stuck: Attempt = { kind: 'placement', pieces: [0, 10] }; // a1 and c2: not attacking, but in no solution
    expect((await hint(queens, eight, stuck)).text).toMatch(/^No solution keeps these pieces: take one back/);
    expect((await hint(queens, eight, { kind: 'placement', pieces: [0, 27] })).text).toBe('First mend the conflict: a1 and d4 share a diagonal. No solution keeps both.');
  });

  it('walks a 5×5 knight\'s tour from a1 by hints alone, and says when a walk cannot go on', async () => {
    let attempt: Attempt = { kind: 'tour', path: [] };
    for (let i = 0; i < 25; i++) {
      const h = await hint(tourTask, tour5, attempt);
      expect(h.square, h.text).toBeDefined();
      const next = click(tour5, attempt, h.square!);
      expect(next.refused).toBeUndefined();
      attempt = next.attempt;
    }
    expect(verdict(tour5, attempt).solved).toBe(true);
    // a1 c2 e3 c4: no tour of 5×5 begins so (counted by the same backtracking, every branch tried).
    const counted = await bezzel.solve({ ...tourTask, goal: 'count', strategy: 'backtracking', options: { prefix: '0-7-14-17' } });
    expect(counted.status === 'complete' && counted.count).toBe(0n);
    const dead = await hint(tourTask, tour5, { kind: 'tour', path: [0, 7, 14, 17] });
    expect(dead.square === undefined ? dead.text : 'a square').toMatch(/^No tour goes on from this walk/);
  });
});
