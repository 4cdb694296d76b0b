import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE } from './state.js';
import { taskOf } from './task.js';

describe('taskOf', () => {
  it('turns the default page into 8 queens, all solutions, by backtracking', () => {
    const task = taskOf(DEFAULT_STATE, 'queen');
    expect(task).toEqual({
      ok: true,
      value: { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'all', strategy: 'backtracking', budget: { maxTimeMs: 15_000 }, seed: 1 },
    });
  });

  it('reads the start square and typed options of a tour', () => {
    const task = taskOf({ ...DEFAULT_STATE, problem: 'tour', piece: 'knight', width: 6, height: 5, start: 'b1', closed: true, options: { ordering: 'warnsdorff', ants: '12', elitist: 'true' } }, 'knight');
    expect(task.ok && task.value.problem).toEqual({ kind: 'tour', board: { width: 6, height: 5 }, piece: 'knight', closed: true, start: 1 });
    expect(task.ok && task.value.options).toEqual({ ordering: 'warnsdorff', ants: 12, elitist: true });
  });

  it('says what is wrong with a start square off the board', () => {
    const task = taskOf({ ...DEFAULT_STATE, problem: 'tour', start: 'z9' }, 'knight');
    expect(task.ok).toBe(false);
    expect(!task.ok && task.error.message).toMatch(/^start square/);
  });

  it('poses domination: the variant (plain left out, as the CLI writes it), and k only when the state has one', () => {
    const fewest = taskOf({ ...DEFAULT_STATE, problem: 'dominate', variant: 'total', goal: 'count-minimum', strategy: 'cover-search' }, 'queen');
    expect(fewest).toEqual({
      ok: true,
      value: { problem: { kind: 'dominate', board: { width: 8, height: 8 }, piece: 'queen', variant: 'total' }, goal: 'count-minimum', strategy: 'cover-search', budget: { maxTimeMs: 15_000 }, seed: 1 },
    });
    const sized = taskOf({ ...DEFAULT_STATE, problem: 'dominate', width: 5, height: 5, k: 3, goal: 'count', strategy: 'auto' }, 'knight');
    expect(sized.ok && sized.value.problem).toEqual({ kind: 'dominate', board: { width: 5, height: 5 }, piece: 'knight', k: 3 });
  });
});
