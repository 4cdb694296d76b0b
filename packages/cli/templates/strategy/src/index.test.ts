// `npm test` runs this file with Node's own test runner (node --test), reading TypeScript through bezzel's hooks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBezzel, type Task } from '@bezzel/core';
import queen from '@bezzel/queen';
import plugin from './index.js';

const queens = (n: number, maxSteps: number): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal: 'one',
  strategy: '{{name}}',
  seed: 1,
  budget: { maxSteps },
});

test('{{name}} places 5 queens on a 5×5 board, and the core accepts the answer', async () => {
  const bezzel = await createBezzel({ plugins: [queen, plugin] });
  // solve() checks a solution before returning it: a wrong one would throw here.
  const result = await bezzel.solve(queens(5, 100_000));
  assert.equal(result.status, 'solved');
  assert.equal(result.status === 'solved' && result.solutions[0]!.kind === 'placement' && result.solutions[0]!.squares.length, 5);
});

test('{{name}} stops at its step budget when no answer exists (3 queens on 3×3), or declines the board with a reason', async () => {
  const bezzel = await createBezzel({ plugins: [queen, plugin] });
  const task = queens(3, 1000);
  const instance = bezzel.instantiate(task);
  assert.ok(instance.ok);
  const support = bezzel.strategy('{{name}}')!.supports(instance.value);
  if (!support.ok) {
    // A strategy may decline a board (say, below 4×4) with the reason a user reads: bezzel then prints it, exit 2.
    assert.match(support.reason, /\S/);
    return;
  }
  const result = await bezzel.solve(task);
  assert.equal(result.status, 'budget');
  assert.equal(result.stats.nodes, 1000);
});
