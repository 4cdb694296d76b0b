import { createBezzel, type Bezzel, type Result, type Support, type Task } from '@bezzel/core';
import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import { countOf, solveChecked } from '../../../test/support/solve.js';
import csp from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, knight, classic, csp] });
});

/** Solutions of n queens, n = 1…12. */
const QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

type Options = Readonly<Record<string, string | boolean>>;
const task = (n: number, goal: Task['goal'], options: Options = {}, piece = 'queen', extra: Partial<Task> = {}): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, k: n },
  goal,
  strategy: 'csp',
  options,
  ...extra,
});

const orderings = ['static', 'mrv', 'mrv+degree'];
const valueOrders = ['order', 'lcv'];
const inferences = ['none', 'forward-checking', 'mac'];
const allCombinations: Options[] = orderings.flatMap((ordering) =>
  valueOrders.flatMap((values) => inferences.flatMap((inference) => [false, true].map((backjumping) => ({ ordering, values, inference, backjumping })))),
);
const label = (o: Options) => `${o.ordering}/${o.values}/${o.inference}${o.backjumping ? '/cbj' : ''}`;
const extra = (r: Result, name: string) => Number(r.stats.extra?.[name]);

async function solve(t: Task): Promise<Result> {
  return (await solveChecked(bezzel, t)).result;
}

describe('csp counts', () => {
  it('counts n queens for n ≤ 8 with every combination of ordering, values, inference and backjumping', async () => {
    for (const options of allCombinations) {
      for (let n = 1; n <= 8; n++) expect(countOf(await solve(task(n, 'count', options))), `${label(options)}, n = ${n}`).toBe(BigInt(QUEENS[n - 1]!));
    }
  });

  it.each([
    { ordering: 'mrv', values: 'order', inference: 'forward-checking', backjumping: false },
    { ordering: 'mrv+degree', values: 'lcv', inference: 'mac', backjumping: true },
    { ordering: 'static', values: 'order', inference: 'forward-checking', backjumping: true },
  ])('counts 10, 11 and 12 queens with $ordering/$values/$inference, backjumping $backjumping', async (options) => {
    for (const n of [10, 11, 12]) expect(countOf(await solve(task(n, 'count', options)))).toBe(BigInt(QUEENS[n - 1]!));
  });

  it('counts 10 queens by plain backtracking with backjumping, which skips nodes', async () => {
    const plain = await solve(task(10, 'count', { ordering: 'static', inference: 'none' }));
    const cbj = await solve(task(10, 'count', { ordering: 'static', inference: 'none', backjumping: true }));
    expect(countOf(cbj)).toBe(724n);
    expect(extra(cbj, 'backjumps')).toBeGreaterThan(0);
    expect(extra(cbj, 'skipped')).toBeGreaterThan(0);
    expect(cbj.stats.nodes).toBeLessThan(plain.stats.nodes);
    expect(extra(plain, 'backjumps')).toBe(0);
  });

  it('never visits more nodes with backjumping than without, the ordering the same', async () => {
    for (const options of allCombinations.filter((o) => o.backjumping)) {
      const without = await solve(task(8, 'count', { ...options, backjumping: false }));
      const withCbj = await solve(task(8, 'count', options));
      expect(withCbj.stats.nodes, label(options)).toBeLessThanOrEqual(without.stats.nodes);
    }
  });

  it('counts fundamental solutions: 12 of 8 queens, 92 of 10', async () => {
    const eight = await solve(task(8, 'count-fundamental'));
    expect(eight.status === 'complete' && [eight.count, eight.fundamental]).toEqual([92n, 12n]);
    const ten = await solve(task(10, 'count-fundamental', { inference: 'mac' }));
    expect(ten.status === 'complete' && [ten.count, ten.fundamental]).toEqual([724n, 92n]);
  });

  it('places rooks, a second line piece: n! placements', async () => {
    let factorial = 1n;
    for (let n = 1; n <= 7; n++) {
      factorial *= BigInt(n);
      expect(countOf(await solve(task(n, 'count', { inference: n % 2 ? 'mac' : 'forward-checking' }, 'rook'))), `${n} rooks`).toBe(factorial);
    }
    expect(countOf(await solve(task(6, 'count', { ordering: 'static', inference: 'none', backjumping: true }, 'rook')))).toBe(720n);
  });
});

describe('csp goals', () => {
  it('streams every solution of goal all exactly once, each valid (re-checked by the validator)', async () => {
    for (const options of [{}, { inference: 'mac', values: 'lcv', backjumping: true }, { ordering: 'static', inference: 'none' }] as Options[]) {
      for (const n of [6, 8, 9]) {
        const { result, streamed } = await solveChecked(bezzel, task(n, 'all', options));
        expect(countOf(result)).toBe(BigInt(QUEENS[n - 1]!));
        expect(streamed).toHaveLength(QUEENS[n - 1]!);
        const keys = new Set(streamed.map((s) => (s.kind === 'placement' ? [...s.squares].sort((a, b) => a - b).join(',') : '')));
        expect(keys.size, `${n} queens, ${JSON.stringify(options)}`).toBe(QUEENS[n - 1]!);
      }
    }
  });

  it('solves goal one, and finds 2 and 3 queens impossible', async () => {
    for (const n of [1, 4, 8, 25]) expect((await solve(task(n, 'one'))).status).toBe('solved');
    for (const n of [2, 3]) expect((await solve(task(n, 'one', { backjumping: true }))).status).toBe('impossible');
  });

  it('solves goal one for bishops, which it takes one a column (and declines to count them)', async () => {
    expect((await solve(task(8, 'one', {}, 'bishop'))).status).toBe('solved');
    await expect(bezzel.solve(task(8, 'count', {}, 'bishop'))).rejects.toThrow(/strategy csp cannot do this: .*attacks along files/);
  });

  it('falls in nodes from plain backtracking to forward checking to MAC, both with MRV, on 8…20 queens (goal one)', async () => {
    const totals = [0, 0, 0];
    const exceptions: number[] = [];
    for (let n = 8; n <= 20; n++) {
      const [plain, fc, mac] = await Promise.all(
        [{ ordering: 'static', inference: 'none' }, { ordering: 'mrv', inference: 'forward-checking' }, { ordering: 'mrv', inference: 'mac' }].map((o) => solve(task(n, 'one', o))),
      );
      for (const r of [plain!, fc!, mac!]) expect(r.status).toBe('solved');
      totals[0] += plain!.stats.nodes;
      totals[1] += fc!.stats.nodes;
      totals[2] += mac!.stats.nodes;
      // MAC prunes everything forward checking does, and more: with the same ordering rule it never needs more nodes here.
      expect(mac!.stats.nodes, `${n} queens: MAC ≤ FC`).toBeLessThanOrEqual(fc!.stats.nodes);
      expect(extra(mac!, 'pruned') / mac!.stats.nodes, `${n} queens: MAC prunes more a node`).toBeGreaterThan(extra(fc!, 'pruned') / fc!.stats.nodes);
      if (fc!.stats.nodes >= plain!.stats.nodes) exceptions.push(n);
    }
    // Plain backtracking happens to meet a solution early on 11 and 13 queens (52 and 111 nodes; FC with MRV 60 and 203).
    expect(exceptions).toEqual([11, 13]);
    expect(totals[0]).toBeGreaterThan(100 * totals[1]!);
    expect(totals[1]).toBeGreaterThan(totals[2]!);
  });

  it('counts plain backtracking nodes as the row-by-row backtracking strategy does (113 for the first of 8 queens)', async () => {
    const r = await solve(task(8, 'one', { ordering: 'static', inference: 'none' }));
    expect(r.stats.nodes).toBe(113);
    // Each of the 113 assignments was tested against the assignments before it, stopping at a conflict.
    expect(extra(r, 'checks')).toBe(2438);
  });

  it('stops at the step budget with status budget, and keeps its count so far', async () => {
    const r = await solve(task(20, 'one', { ordering: 'static', inference: 'none' }, 'queen', { budget: { maxSteps: 1000 } }));
    expect(r.status === 'budget' && r.exhausted).toBe('steps');
    expect(r.stats.nodes).toBe(1000);
    const counted = await solve(task(12, 'count', {}, 'queen', { budget: { maxSteps: 5000 } }));
    expect(counted.status === 'budget' && counted.partial?.count).toBeGreaterThan(0n);
  });

  it('stops when aborted, with status aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await bezzel.solve(task(12, 'count', {}), { signal: controller.signal });
    expect(r.status).toBe('aborted');
  });

  it('is deterministic: the same task gives the same figures', async () => {
    const a = await solve(task(11, 'count', { ordering: 'mrv+degree', values: 'lcv', inference: 'mac', backjumping: true }));
    const b = await solve(task(11, 'count', { ordering: 'mrv+degree', values: 'lcv', inference: 'mac', backjumping: true }, 'queen', { seed: 99 }));
    expect([b.stats.nodes, b.stats.extra?.checks, b.stats.extra?.pruned]).toEqual([a.stats.nodes, a.stats.extra?.checks, a.stats.extra?.pruned]);
  });
});

describe('csp supports', () => {
  const support = (t: Task): Support => {
    const instance = bezzel.instantiate(t);
    if (!instance.ok) throw instance.error;
    return bezzel.support(instance.value).find((c) => c.strategy.meta.id === 'csp')!.support;
  };
  it('declines leapers, boards that are not square, and k other than n, with the reason', async () => {
    const knightTask = task(8, 'one', {}, 'knight');
    expect(JSON.stringify(support(knightTask))).toMatch(/leaps/);
    const rect: Task = { problem: { kind: 'placement', board: { width: 8, height: 6 }, piece: 'queen' }, goal: 'one', strategy: 'csp' };
    expect(JSON.stringify(support(rect))).toMatch(/not square/);
    const fewer: Task = { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen', k: 5 }, goal: 'one', strategy: 'csp' };
    expect(JSON.stringify(support(fewer))).toMatch(/k must be 8/);
  });

  it('estimates milliseconds: more for plain backtracking than for forward checking with MRV on 30 queens', async () => {
    const plain = support(task(30, 'one', { ordering: 'static', inference: 'none' }));
    const fc = support(task(30, 'one'));
    expect(plain.ok && fc.ok && plain.cost > fc.cost).toBe(true);
  });
});
