import backtracking from '@bezzel/backtracking';
import { Board, createBezzel, validatePlacement, validateTour, type Task, type TraceEvent } from '@bezzel/core';
import genetic from '@bezzel/genetic';
import knight from '@bezzel/knight';
import columns from '@bezzel/columns';
import minConflicts from '@bezzel/min-conflicts';
import warnsdorff from '@bezzel/warnsdorff';
import queen from '@bezzel/queen';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardAt, pathTrace, placementTrace, Replay } from './replay.js';

const bezzel = await createBezzel({ plugins: [queen, knight, backtracking, columns, minConflicts, warnsdorff, genetic] });
const events: TraceEvent[] = [];
const all = await bezzel.solve(
  { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'all', strategy: 'backtracking' },
  { onTrace: (e) => events.push(e) },
);
const one = await bezzel.solve({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one', strategy: 'backtracking' });

describe('Replay of an 8-queens trace', () => {
  it('reaches the first solution after as many nodes as the strategy reports for goal one', () => {
    const replay = new Replay(events);
    replay.seek(replay.nextSolution()!);
    expect(replay.solutions).toBe(1);
    expect(replay.nodes).toBe(one.stats.nodes);
    const first = one.status === 'solved' ? one.solutions[0] : undefined;
    expect(first?.kind === 'placement' ? [...first.squares].sort((a, b) => a - b) : []).toEqual([...replay.squares].sort((a, b) => a - b));
  });

  it('ends with 92 solutions, each a valid placement, and an empty board', () => {
    const replay = new Replay(events).seek(events.length);
    expect(all.status === 'complete' ? all.count : 0n).toBe(92n);
    expect(replay.solutions).toBe(92);
    expect(replay.nodes).toBe(all.stats.nodes);
    expect(replay.squares).toEqual([]);
    expect(replay.latestSolution()?.index).toBe(91);
    const queenPiece = bezzel.piece('queen')!;
    let at = new Replay(events);
    let found = 0;
    for (let next = at.nextSolution(); next !== undefined; next = at.nextSolution()) {
      at.seek(next);
      expect(validatePlacement(Board.square(8), queenPiece, at.squares, 8).valid).toBe(true);
      found++;
    }
    expect(found).toBe(92);
  });

  it('gives the same board at step i whether reached forwards, backwards or afresh', () => {
    const walker = new Replay(events);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: events.length }), (i) => {
        walker.seek(i);
        const fresh = new Replay(events).seek(i);
        expect(walker.squares).toEqual(fresh.squares);
        expect([walker.nodes, walker.solutions, walker.depth]).toEqual([fresh.nodes, fresh.solutions, fresh.depth]);
        expect(boardAt(events, i)).toEqual(fresh.squares);
      }),
      { seed: 3, numRuns: 60 },
    );
  });

  it('steps back over a solution to the board just before it', () => {
    const replay = new Replay(events);
    const first = replay.nextSolution()!;
    replay.seek(first);
    const solved = [...replay.squares];
    replay.back();
    expect(replay.solutions).toBe(0);
    expect(replay.squares).toEqual(solved);
    replay.back();
    expect(replay.squares).toEqual(solved.slice(0, 7));
    expect(replay.previousSolution()).toBeUndefined();
  });
});

describe('traces made from answers', () => {
  it('grows a found tour square by square', async () => {
    const result = await bezzel.solve({ problem: { kind: 'tour', board: { width: 6, height: 6 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'backtracking' });
    if (result.status !== 'solved' || result.solutions[0]!.kind !== 'tour') throw new Error(`no tour: ${result.status}`);
    const path = result.solutions[0]!.path;
    const replay = new Replay(pathTrace(path));
    replay.seek(10);
    expect(replay.squares).toEqual(Array.from(path.subarray(0, 10)));
    expect(replay.depth).toBe(9);
    replay.seek(replay.length);
    expect(replay.solutions).toBe(1);
    expect(validateTour(Board.square(6), bezzel.piece('knight')!, replay.squares, { closed: false, start: 0 }).valid).toBe(true);
  });

  it('places a found placement piece by piece', () => {
    const replay = new Replay(placementTrace([3, 9, 20]));
    expect(replay.seek(2).squares).toEqual([3, 9]);
    expect(replay.seek(4).solutions).toBe(1);
    expect(replay.latestSolution()).toEqual({ index: 0, squares: [3, 9, 20] });
  });

  it('moves local-search pieces and takes the moves back', () => {
    const trace: TraceEvent[] = [...placementTrace([0, 5]).slice(0, 2), { type: 'local', step: 1, h: 1, from: 5, to: 7 }, { type: 'local', step: 2, h: 0, from: 0, to: 2 }];
    const replay = new Replay(trace).seek(4);
    expect(replay.squares).toEqual([2, 7]);
    expect(replay.moves).toBe(2);
    expect(replay.seek(2).squares).toEqual([0, 5]);
  });
});

/** Records a run's trace. */
async function traceOf(task: Task): Promise<TraceEvent[]> {
  const recorded: TraceEvent[] = [];
  await bezzel.solve(task, { onTrace: (e) => recorded.push(e) });
  return recorded;
}

describe('scrubbing back and forth over steps that forget squares', () => {
  const runs: [string, Task][] = [
    ['min-conflicts restarting every 5 repairs', { problem: { kind: 'placement', board: { width: 10, height: 10 }, piece: 'queen' }, goal: 'one', strategy: 'min-conflicts', seed: 4, options: { initial: 'random', restartAfter: 5 } }],
    ['Warnsdorff walking again after a walk that does not close', { problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', closed: true }, goal: 'one', strategy: 'warnsdorff', seed: 2, options: { restarts: 4 } }],
    ['a genetic algorithm replacing its best walk each generation', { problem: { kind: 'tour', board: { width: 6, height: 6 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'genetic', seed: 1, options: { generations: 30, population: 10 } }],
  ];

  it.each(runs)('%s: any path of seeks shows the board that playing from the start shows', async (_, task) => {
    const trace = await traceOf(task);
    expect(trace.length).toBeGreaterThan(20);
    // The trace really does forget squares: some step puts fewer squares down than were there.
    const fresh = new Replay(trace);
    let forgets = 0;
    while (fresh.position < trace.length) {
      const before = fresh.squares.length;
      const event = trace[fresh.position]!;
      fresh.forward();
      if ((event.type === 'place' || event.type === 'move' || event.type === 'generation') && fresh.squares.length <= before && before > 0) forgets++;
    }
    expect(forgets).toBeGreaterThan(0);
    const walker = new Replay(trace);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: trace.length }), { minLength: 1, maxLength: 8 }), (targets) => {
        for (const target of targets) walker.seek(target);
        const from = new Replay(trace).seek(walker.position);
        expect(walker.squares).toEqual(from.squares);
        expect([walker.nodes, walker.moves, walker.solutions, walker.depth]).toEqual([from.nodes, from.moves, from.solutions, from.depth]);
        expect(walker.lastLocal()).toBe(from.lastLocal());
        expect(walker.lastGeneration()).toBe(from.lastGeneration());
      }),
      { seed: 5, numRuns: 40 },
    );
  });

  it('steps back over a restart to the board the last try ended on', async () => {
    const trace = await traceOf(runs[0]![1]);
    const restart = trace.findIndex((e, i) => i > 10 && e.type === 'place' && e.depth === 0);
    expect(restart).toBeGreaterThan(0);
    const replay = new Replay(trace).seek(restart);
    const ended = [...replay.squares];
    expect(ended).toHaveLength(10);
    replay.seek(restart + 3).seek(restart);
    expect(replay.squares).toEqual(ended);
    expect(replay.before()).toEqual(new Replay(trace).seek(restart - 1).squares);
  });
});
