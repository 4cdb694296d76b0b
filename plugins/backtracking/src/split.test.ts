import { Board, Rng, UsageError, type BoardSpec, type Result, type SubTask, type Task } from '@bezzel/core';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSplit } from '../../../packages/pool/src/index.js';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import backtrackingModule, { backtracking } from './index.js';
import { noOrdering } from './tour/orderings/none.js';
import { TourSearch } from './tour/tour-search.js';
import { testPieceModule } from './testing/pieces.js';

const bezzel = await bezzelWith(testPieceModule, backtrackingModule);
const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/tours.json', import.meta.url), 'utf8')) as {
  directedOpen: { board: string; count: number }[];
  directedOpenFromStart5x5: { corner: number; centre: number };
  undirectedClosed: { board: string; count: number | string }[];
};

const tour = (board: BoardSpec, extra: { piece?: string; start?: number; closed?: boolean; goal?: Task['goal']; options?: Task['options'] } = {}): Task => ({
  problem: {
    kind: 'tour',
    board,
    piece: extra.piece ?? 'knight',
    ...(extra.start === undefined ? {} : { start: extra.start }),
    ...(extra.closed ? { closed: true } : {}),
  },
  goal: extra.goal ?? 'count',
  strategy: 'backtracking',
  ...(extra.options ? { options: extra.options } : {}),
});

function split(task: Task, parts: number): SubTask[] {
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const subTasks = backtracking.split!(instance.value, parts);
  if (!subTasks) throw new Error("backtracking declined to split a tour count");
  return subTasks;
}

/** A count, reading a theorem's "impossible" as 0 (the solver answers such tours without searching). */
const countOrZero = (result: Result): bigint => (result.status === 'impossible' && result.proof === 'theorem' ? 0n : countOf(result));

/**
 * Weight 1 unless the task is an open count with no start and no prefix, whose starts stand for their orbits
 * under the board's symmetries; then every prefix of one start has the same weight, at least 1.
 */
function expectWeights(task: Task, subs: SubTask[]): void {
  const byStart = new Map<string, number>();
  for (const sub of subs) {
    expect(Number.isInteger(sub.weight) && sub.weight >= 1, `weight ${sub.weight}`).toBe(true);
    const start = String(sub.task.options!.prefix).split('-')[0]!;
    expect(byStart.get(start) ?? sub.weight, `one weight per start ${start}`).toBe(sub.weight);
    byStart.set(start, sub.weight);
  }
  const weighted = task.problem.kind === 'tour' && !task.problem.closed && task.problem.start === undefined && task.options?.prefix === undefined;
  if (!weighted) expect(subs.every((s) => s.weight === 1)).toBe(true);
}

/** Splits, checks the sub-tasks' shape, runs each through `bezzel.solve`, and returns the weighted sum and the sub-tasks. */
async function splitCount(task: Task, parts: number): Promise<{ sum: bigint; subs: SubTask[]; nodes: number }> {
  const subs = split(task, parts);
  const keys = subs.map((s) => String(s.task.options?.prefix));
  expect(new Set(keys).size, 'prefixes are unique').toBe(subs.length);
  expectWeights(task, subs);
  let sum = 0n;
  let nodes = 0;
  for (const sub of subs) {
    // Plain JSON: what a job queue sends to another machine is what runs.
    expect(JSON.parse(JSON.stringify(sub.task))).toEqual(sub.task);
    expect(sub.task).toMatchObject({ problem: task.problem, goal: task.goal, strategy: 'backtracking' });
    expect({ ...sub.task.options, prefix: undefined }).toEqual({ ...task.options, prefix: undefined });
    const result = await bezzel.solve(sub.task);
    sum += BigInt(sub.weight) * countOf(result);
    nodes += result.stats.nodes;
  }
  return { sum, subs, nodes };
}

describe('backtracking splits tour counts into prefixes', () => {
  it('adds up to the oracle counts: 5×5 open (from anywhere, a1, c3), 6×6 closed', async () => {
    const fiveOpen = oracle.directedOpen.find((o) => o.board === '5x5')!.count;
    const sixClosed = Number(oracle.undirectedClosed.find((o) => o.board === '6x6')!.count);
    const { corner, centre } = oracle.directedOpenFromStart5x5;
    const cases: [Task, number][] = [
      [tour({ width: 5, height: 5 }), fiveOpen],
      [tour({ width: 5, height: 5 }, { start: 0 }), corner],
      [tour({ width: 5, height: 5 }, { start: 12 }), centre],
      [tour({ width: 6, height: 6 }, { closed: true }), sixClosed],
    ];
    expect(cases.map(([, n]) => n)).toEqual([1728, 304, 64, 9862]);
    for (const [task, expected] of cases) {
      for (const parts of [1, 7, 32]) {
        const { sum, subs } = await splitCount(task, parts);
        expect(sum, `${JSON.stringify(task.problem)} in ${parts} parts`).toBe(BigInt(expected));
        expect(subs.length).toBeGreaterThanOrEqual(parts);
      }
    }
  });

  it('adds up to the unsplit count on other boards, pieces and kinds of tour', async () => {
    const cases: Task[] = [
      tour({ width: 4, height: 3 }),
      tour({ width: 4, height: 3 }, { start: 0 }),
      tour({ width: 5, height: 4 }),
      tour({ width: 6, height: 5 }, { start: 0 }),
      tour({ width: 10, height: 3 }, { closed: true }),
      tour({ width: 4, height: 3 }, { piece: 'king', closed: true }),
      tour({ width: 4, height: 3, removed: [0, 6] }, { piece: 'king' }),
      tour({ width: 3, height: 3, torus: true }, { closed: true }),
      // One-way moves: no pruning, closed tours are directed cycles.
      tour({ width: 4, height: 3 }, { piece: 'turner' }),
      tour({ width: 5, height: 4, torus: true }, { piece: 'turner', closed: true }),
      tour({ width: 5, height: 5 }, { options: { ordering: 'warnsdorff' } }),
    ];
    for (const task of cases) {
      const whole = countOf(await bezzel.solve(task));
      expect(whole, JSON.stringify(task.problem)).toBeGreaterThan(0n);
      for (const parts of [2, 16, 50]) {
        const { sum } = await splitCount(task, parts);
        expect(sum, `${JSON.stringify(task.problem)} in ${parts} parts`).toBe(whole);
      }
    }
  });

  it('each sub-task finds exactly the tours of the whole that begin with its prefix, and counts no replayed move', async () => {
    const cases = [tour({ width: 5, height: 5 }, { start: 0 }), tour({ width: 6, height: 6 }, { closed: true }), tour({ width: 4, height: 3 }, { piece: 'king', closed: true })];
    for (const task of cases) {
      const all: string[] = [];
      const whole = await bezzel.solve({ ...task, goal: 'all' }, { onSolution: (s) => all.push(s.kind === 'tour' ? s.path.join('-') : '') });
      const found: string[] = [];
      let nodes = 0;
      const subs = split(task, 20);
      for (const sub of subs) {
        const prefix = String(sub.task.options!.prefix);
        const mine: string[] = [];
        const result = await bezzel.solve({ ...sub.task, goal: 'all' }, { onSolution: (s) => mine.push(s.kind === 'tour' ? s.path.join('-') : '') });
        expect(mine.every((path) => `${path}-`.startsWith(`${prefix}-`)), prefix).toBe(true);
        found.push(...mine);
        nodes += result.stats.nodes;
      }
      expect(found.sort()).toEqual(all.sort());
      // The moves into the prefixes' squares are the only nodes the sub-tasks do not search again.
      const replayed = new Set(subs.flatMap((s) => String(s.task.options!.prefix).split('-').map((_, i, a) => a.slice(0, i + 1).join('-')).slice(1))).size;
      expect(nodes).toBeLessThanOrEqual(whole.stats.nodes - replayed);
    }
  });

  it('property: on random small boards and any number of parts, prefixes are unique and weighted sub-counts add up', async () => {
    // Sizes where one count stays within a few hundred thousand moves (a torus joins many more paths).
    const pieces = [
      { piece: 'knight', maxSquares: 25, maxTorus: 9 },
      { piece: 'king', maxSquares: 12, maxTorus: 6 },
      { piece: 'camel', maxSquares: 25, maxTorus: 9 },
      { piece: 'turner', maxSquares: 20, maxTorus: 12 },
    ];
    const fields = {
      kind: fc.integer({ min: 0, max: pieces.length - 1 }),
      width: fc.integer({ min: 1, max: 5 }),
      height: fc.integer({ min: 1, max: 5 }),
      closed: fc.boolean(),
      start: fc.option(fc.nat(), { nil: undefined }),
      torus: fc.boolean(),
      parts: fc.integer({ min: 1, max: 60 }),
      hole: fc.option(fc.nat(), { nil: undefined }),
      // A second hole placed symmetrically to the first (or not), so boards with holes keep some symmetries.
      mirror: fc.constantFrom(undefined, 'rotate', 'left-right'),
    };
    const fits = ({ kind, width, height, torus }: { kind: number; width: number; height: number; torus: boolean }) =>
      width * height <= (torus ? pieces[kind]!.maxTorus : pieces[kind]!.maxSquares);
    let weighted = 0;
    type Input = { kind: number; width: number; height: number; closed: boolean; start: number | undefined; torus: boolean; parts: number; hole: number | undefined; mirror: 'rotate' | 'left-right' | undefined };
    const check = async ({ kind, width, height, closed, start, torus, parts, hole, mirror }: Input) => {
      const size = width * height;
      const removed = hole === undefined || size < 3 ? [] : [hole % size];
      if (removed.length === 1 && mirror !== undefined && size >= 4) {
        const [row, col] = [Math.floor(removed[0]! / width), removed[0]! % width];
        const image = mirror === 'rotate' ? (height - 1 - row) * width + (width - 1 - col) : row * width + (width - 1 - col);
        if (image !== removed[0]) removed.push(image);
      }
      const playable = [...Array(size).keys()].filter((sq) => !removed.includes(sq));
      const startSquare = start === undefined ? undefined : playable[start % playable.length];
      const task = tour({ width, height, torus, ...(removed.length ? { removed } : {}) }, { piece: pieces[kind]!.piece, closed, start: startSquare });
      // An open count without a start, summed here from every start square, as it was before symmetries.
      let whole = 0n;
      if (closed || startSquare !== undefined) whole = countOrZero(await bezzel.solve(task));
      else for (const sq of playable) whole += countOrZero(await bezzel.solve(tour(task.problem.board, { piece: pieces[kind]!.piece, start: sq })));
      const subs = split(task, parts);
      const keys = subs.map((s) => String(s.task.options?.prefix));
      expect(new Set(keys).size).toBe(subs.length);
      expectWeights(task, subs);
      if (subs.some((s) => s.weight !== 1)) weighted++;
      let sum = 0n;
      for (const sub of subs) sum += BigInt(sub.weight) * countOf(await bezzel.solve(sub.task));
      expect(sum, JSON.stringify({ ...task.problem, parts })).toBe(whole);
    };
    await fc.assert(fc.asyncProperty(fc.record(fields).filter(fits), check), { numRuns: 400, seed: 20240611 });
    // And open counts without a start alone, where starts stand for their orbits with weights above 1.
    const open = fc.record({ ...fields, closed: fc.constant(false), start: fc.constant(undefined) }).filter(fits);
    await fc.assert(fc.asyncProperty(open, check), { numRuns: 150, seed: 20240612 });
    // The property reaches the weighted splits it is meant to check, not only weight-1 ones.
    expect(weighted).toBeGreaterThan(50);
  });

  it('splits a prefix further below it, and a finer split of a sub-task adds up to it', async () => {
    const task = tour({ width: 5, height: 5 }, { start: 0 });
    const [first] = split(task, 2);
    const prefix = String(first!.task.options!.prefix);
    const alone = countOf(await bezzel.solve(first!.task));
    const { sum, subs } = await splitCount(first!.task, 10);
    expect(sum).toBe(alone);
    expect(subs.every((s) => String(s.task.options!.prefix).startsWith(`${prefix}-`))).toBe(true);
  });

  it('declines to split tour goals other than count, and placements (the caller solves them whole)', () => {
    const declines = (task: Task) => {
      const instance = bezzel.instantiate(task);
      if (!instance.ok) throw instance.error;
      return backtracking.split!(instance.value, 8);
    };
    expect(declines({ problem: { kind: 'placement', board: { width: 6, height: 6 }, piece: 'queen' }, goal: 'count', strategy: 'backtracking' })).toBeUndefined();
    expect(declines(tour({ width: 5, height: 5 }, { goal: 'all' }))).toBeUndefined();
  });

  it('gives no sub-tasks for a tour a theorem rules out (the solver answers it without searching)', async () => {
    const task = tour({ width: 5, height: 5 }, { start: 1 });
    expect((await bezzel.solve(task)).status).toBe('impossible');
    expect(split(task, 8)).toEqual([]);
  });
});

describe('the prefix option', () => {
  const fiveFromA1 = (prefix: string | number, goal: Task['goal'] = 'count') => tour({ width: 5, height: 5 }, { start: 0, goal, options: { prefix } });

  it('reads square numbers or names, start first, and counts the tours that begin so', async () => {
    const byNumber = countOf(await bezzel.solve(fiveFromA1('0-7')));
    expect(byNumber).toBeGreaterThan(0n);
    expect(countOf(await bezzel.solve(fiveFromA1('a1-c2')))).toBe(byNumber);
    expect(countOf(await bezzel.solve(fiveFromA1('0-11'))) + byNumber).toBe(304n);
    // A number, as the command line reads "-o prefix=0", and an empty prefix: the whole task.
    expect(countOf(await bezzel.solve(fiveFromA1(0)))).toBe(304n);
    expect(countOf(await bezzel.solve(fiveFromA1('')))).toBe(304n);
  });

  it('counts 0 for a path the search never takes, and says so for goal one', async () => {
    for (const prefix of ['0-1', '0-7-0', '12-1', '0-7-4-13-2-9-12-3-14-23-16-5-8-19-22-15-24-17-6-11-20-21-18-7-10']) {
      expect(countOf(await bezzel.solve(fiveFromA1(prefix))), prefix).toBe(0n);
    }
    // A closed tour starts from the square with fewest moves (a1), so no closed tour is searched from b1.
    expect(countOf(await bezzel.solve(tour({ width: 6, height: 6 }, { closed: true, options: { prefix: 'b1' } })))).toBe(0n);
    const one = await bezzel.solve(fiveFromA1('0-1', 'one'));
    expect(one).toMatchObject({ status: 'impossible', reason: expect.stringContaining('begins a1 b1') });
    const found = await bezzel.solve(fiveFromA1('0-7-4', 'one'));
    expect(found.status).toBe('solved');
    if (found.status === 'solved' && found.solutions[0]!.kind === 'tour') expect([...found.solutions[0]!.path.slice(0, 3)]).toEqual([0, 7, 4]);
  });

  it('counts a whole tour given as the prefix once', async () => {
    const paths: number[][] = [];
    await bezzel.solve(fiveFromA1('', 'all'), { onSolution: (s) => void (s.kind === 'tour' && paths.push([...s.path])) });
    expect(countOf(await bezzel.solve(fiveFromA1(paths[5]!.join('-'))))).toBe(1n);
  });

  it('rejects a malformed prefix with one line', async () => {
    for (const prefix of ['a9', '0--7', '0-x', '25', '-3', '0-7-']) {
      const run = bezzel.solve(fiveFromA1(prefix));
      await expect(run, prefix).rejects.toBeInstanceOf(UsageError);
      await expect(run, prefix).rejects.toThrow(/^prefix "[^\n]*$/);
    }
    await expect(bezzel.solve(tour({ width: 3, height: 4, removed: [4] }, { options: { prefix: '0-4' } }))).rejects.toThrow(/removed/);
    expect(() => split(fiveFromA1('0-z'), 4)).toThrow(UsageError);
    const placement: Task = { problem: { kind: 'placement', board: { width: 6, height: 6 }, piece: 'queen' }, goal: 'count', strategy: 'backtracking', options: { prefix: '1' } };
    await expect(bezzel.solve(placement)).rejects.toThrow(UsageError);
  });
});

describe('TourSearch with a prefix', () => {
  it('leaves the object reusable after a prefix search, a prefix it never reaches, and a stopped search', () => {
    const board = new Board({ width: 5, height: 5 });
    const fresh = () => new TourSearch(board, bezzel.piece('knight')!, noOrdering, new Rng(1));
    const clock = { maxSteps: Number.MAX_SAFE_INTEGER, exhausted: () => false } as never;
    const whole = (search: TourSearch) => {
      const before = search.solutions;
      expect(search.search({ start: 0, closed: false, oncePerCycle: false }, clock, () => false)).toBe('done');
      return search.solutions - before;
    };
    const search = fresh();
    expect(whole(search)).toBe(304);
    let found = 0;
    for (const second of search.nextSquares({ start: 0, closed: false, oncePerCycle: false })) {
      const before = search.solutions;
      search.search({ start: 0, closed: false, oncePerCycle: false, prefix: [second] }, clock, () => false);
      found += search.solutions - before;
    }
    expect(found).toBe(304);
    expect(whole(search)).toBe(304);
    search.search({ start: 0, closed: false, oncePerCycle: false, prefix: [1, 2] }, clock, () => false);
    expect(whole(search)).toBe(304);
    expect(search.search({ start: 0, closed: false, oncePerCycle: false, prefix: [7, 4] }, clock, () => true)).toBe('stopped');
    expect(whole(search)).toBe(304);
    expect(search.nextSquares({ start: 0, closed: false, oncePerCycle: false, prefix: [7] })).toEqual([4, 10, 14, 16, 18]);
    expect(whole(search)).toBe(304);
  });
});

describe('runSplit on worker threads', () => {
  it('counts the 304 open tours of 5×5 from a1 on two workers', async () => {
    const plugins = [new URL('./testing/pieces-plugin.ts', import.meta.url).href, new URL('./index.ts', import.meta.url).href];
    const result = await runSplit({ plugins, task: tour({ width: 5, height: 5 }, { start: 0 }), workers: 2, parts: 12 });
    expect(result).toMatchObject({ status: 'complete', count: 304n, strategy: 'backtracking' });
    expect(result.stats.workers).toBe(2);
    expect(result.stats.extra?.subTasks).toBeGreaterThanOrEqual(12);
  });

  it('counts the 1728 open tours of 5×5 from anywhere, weighted by orbit, on two workers', async () => {
    const plugins = [new URL('./testing/pieces-plugin.ts', import.meta.url).href, new URL('./index.ts', import.meta.url).href];
    const result = await runSplit({ plugins, task: tour({ width: 5, height: 5 }), workers: 2, parts: 12 });
    expect(result).toMatchObject({ status: 'complete', count: 1728n, strategy: 'backtracking' });
  });
});
