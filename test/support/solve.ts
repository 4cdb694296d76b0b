import {
  Board,
  createBezzel,
  explainDomination,
  validateDomination,
  validatePlacement,
  validateTour,
  type Bezzel,
  type ContainerModule,
  type Result,
  type Solution,
  type Task,
} from '@bezzel/core';
import { expect } from 'vitest';

/**
 * Test helpers shared by every cross-package test: build a real container from real plugins (no mocks), and
 * re-check every solution with the core Validator, never trusting a strategy's own word.
 */
export async function bezzelWith(...plugins: ContainerModule[]): Promise<Bezzel> {
  return createBezzel({ plugins });
}

/** Asserts that a solution is valid for the task's problem, using the independent Validator. */
export function expectValidSolution(bezzel: Bezzel, task: Task, solution: Solution): void {
  const board = new Board(task.problem.board);
  const piece = bezzel.piece(task.problem.piece);
  expect(piece, `piece ${task.problem.piece} is registered`).toBeDefined();
  if (task.problem.kind === 'placement') {
    expect(solution.kind).toBe('placement');
    if (solution.kind !== 'placement') return;
    const k = task.goal === 'maximum' ? undefined : task.problem.k;
    const report = validatePlacement(board, piece!, solution.squares, k);
    expect(report.errors.concat(report.conflicts.map((c) => c.message))).toEqual([]);
  } else if (task.problem.kind === 'dominate') {
    expect(solution.kind).toBe('placement');
    if (solution.kind !== 'placement') return;
    const report = validateDomination(board, piece!, solution.squares, { variant: task.problem.variant, k: task.problem.k });
    expect(explainDomination(board, piece!, report, task.problem.variant)).toEqual([]);
  } else {
    expect(solution.kind).toBe('tour');
    if (solution.kind !== 'tour') return;
    // A solution that calls itself closed must be one, whatever was asked.
    const report = validateTour(board, piece!, solution.path, { closed: task.problem.closed || solution.closed, start: task.problem.start });
    expect(report.firstError).toBeUndefined();
    expect(report.valid).toBe(true);
  }
}

/** Solves, re-checks every solution the result carries and every streamed one, and returns the result with them. */
export async function solveChecked(bezzel: Bezzel, task: Task): Promise<{ result: Result; streamed: Solution[] }> {
  const streamed: Solution[] = [];
  const result = await bezzel.solve(task, { onSolution: (s) => streamed.push(s) });
  for (const s of streamed) expectValidSolution(bezzel, task, s);
  if ('solutions' in result && result.solutions) for (const s of result.solutions) expectValidSolution(bezzel, task, s);
  return { result, streamed };
}

/** The count of a complete result, failing the test for any other status. */
export function countOf(result: Result): bigint {
  expect(result.status, result.status === 'impossible' ? result.reason : '').toBe('complete');
  return result.status === 'complete' ? result.count : -1n;
}
