import backtracking from '@bezzel/backtracking';
import { createBezzel, type Task, type TraceEvent } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Replay } from './replay.js';
import { SearchTree } from './search-tree.js';

const bezzel = await createBezzel({ plugins: [queen, knight, backtracking] });
async function traced(task: Task) {
  const events: TraceEvent[] = [];
  const result = await bezzel.solve(task, { onTrace: (e) => events.push(e) });
  return { result, events };
}
const queens = (n: number): Task => ({ problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' }, goal: 'all', strategy: 'backtracking' });

describe('SearchTree', () => {
  it('holds one node per placement of 6 queens, its 4 solutions as leaves six queens deep, and lays the leaves side by side', async () => {
    const { result, events } = await traced(queens(6));
    const tree = new SearchTree();
    // Events arrive in batches, as from the worker.
    for (let i = 0; i <= events.length; i += 97) tree.update(events.slice(0, i));
    tree.update(events);
    expect(tree.treeShaped).toBe(true);
    expect(tree.size).toBe(result.stats.nodes);
    expect(tree.maxDepth).toBe(5);
    const solutions = [...tree.solution.keys()].filter((i) => tree.solution[i]);
    expect(solutions).toHaveLength(4);
    for (const s of solutions) expect(tree.depth[s]).toBe(5);
    const { x0, x1, leaves } = tree.layout();
    const leafCount = tree.children.filter((c) => c === 0).length;
    expect(leaves).toBe(leafCount);
    for (let i = 0; i < tree.size; i++) {
      const p = tree.parent[i]!;
      if (p >= 0) expect(x0[i]! >= x0[p]! && x1[i]! <= x1[p]!).toBe(true);
    }
    for (const row of tree.byDepth) for (let j = 1; j < row.length; j++) expect(x0[row[j]!]!).toBeGreaterThanOrEqual(x1[row[j - 1]!]!);
    // Every dead end is a leaf short of a solution; 6 queens has many.
    expect([...Array(tree.size).keys()].filter((i) => tree.isDeadEnd(i)).length).toBe(leafCount - 4);
  });

  it('puts the search, at every step, on the path of nodes whose squares are the board', async () => {
    const { events } = await traced({ problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'backtracking' });
    const tree = new SearchTree();
    tree.update(events);
    const replay = new Replay(events);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: events.length }), (p) => {
        replay.seek(p);
        const path = tree.pathAt(p, replay.squares.length);
        expect(path.map((n) => tree.square[n])).toEqual(replay.squares);
        expect(path.map((n) => tree.depth[n])).toEqual(path.map((_, d) => d));
      }),
      { seed: 2, numRuns: 200 },
    );
  });

  it('finds the node under a point of its drawing, and says when a trace is not a tree', async () => {
    const { events } = await traced(queens(5));
    const tree = new SearchTree();
    tree.update(events);
    const { x0, x1 } = tree.layout();
    for (let i = 0; i < tree.size; i++) expect(tree.nodeAt(tree.depth[i]!, (x0[i]! + x1[i]!) / 2, x0, x1)).toBe(i);
    expect(tree.nodeAt(0, -1, x0, x1)).toBe(-1);
    tree.update([...events, { type: 'local', step: 1, h: 0 }]);
    expect(tree.treeShaped).toBe(false);
  });
});
