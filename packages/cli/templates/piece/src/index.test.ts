// `npm test` runs this file with Node's own test runner (node --test), reading TypeScript through bezzel's hooks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Board, createBezzel, forEachAttack } from '@bezzel/core';
import backtracking from '@bezzel/backtracking';
import plugin, { piece } from './index.js';

test('from a1 on an empty 8×8 board the {{name}} attacks b4 and d2', () => {
  const board = Board.square(8);
  const attacked: string[] = [];
  forEachAttack(board, piece, board.at(0, 0), () => false, (square) => attacked.push(board.name(square)));
  assert.deepEqual(attacked.sort(), ['b4', 'd2']);
});

test('two {{name}}s fit on a 4×4 board in 108 ways (120 pairs of squares, 12 of them a leap apart)', async () => {
  const bezzel = await createBezzel({ plugins: [plugin, backtracking] });
  const result = await bezzel.solve({
    problem: { kind: 'placement', board: { width: 4, height: 4 }, piece: '{{name}}', k: 2 },
    goal: 'count',
    strategy: 'backtracking',
  });
  assert.equal(result.status, 'complete');
  assert.equal(result.count, 108n);
});
