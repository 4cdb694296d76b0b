import { describe, expect, it } from 'vitest';
import { createBezzel } from './bezzel.js';
import { countFloorMs } from './count-floor.js';
import { UsageError } from './errors.js';
import { leaper } from './movement.js';
import type { Piece } from './piece.js';
import { pluginModule } from './plugin.js';
import { no, type SearchStrategy, yes } from './strategy.js';

const piece = (id: string): Piece => ({ id, name: id, symbols: { unicode: 'X', ascii: 'X' }, movement: leaper(1, 2) });
const echo: SearchStrategy = {
  meta: { id: 'echo', description: 'answers with no squares', problems: ['placement'], goals: ['one', 'count'] },
  supports: (instance) => (instance.kind === 'placement' && instance.k <= 1 ? yes(1) : no('it only places one piece')),
  run: (instance, ctx) => ({ status: 'complete', count: BigInt(instance.board.size), stats: { nodes: ctx.rng.below(10), timeMs: 0 } }),
};

describe('createBezzel', () => {
  it('lists what the plugins register', async () => {
    const bezzel = await createBezzel({ plugins: [pluginModule({ pieces: [piece('knight')], strategies: [echo] })] });
    expect(bezzel.pieces.map((p) => p.id)).toEqual(['knight']);
    expect(bezzel.strategies.map((s) => s.meta.id)).toEqual(['echo']);
  });

  it('refuses two plugins claiming one piece, naming both', async () => {
    const a = { name: 'plugin-a', module: pluginModule({ pieces: [piece('knight')] }) };
    const b = { name: 'plugin-b', module: pluginModule({ pieces: [piece('knight')] }) };
    await expect(createBezzel({ plugins: [a, b] })).rejects.toThrow('Cannot redefine piece "knight": both plugin-a and plugin-b define it');
  });

  it('rejects a malformed piece at bind time', async () => {
    const bad = { ...piece('x'), id: 'Bad Id' };
    await expect(createBezzel({ plugins: [pluginModule({ pieces: [bad] })] })).rejects.toThrow(/id must be lower-case/);
    const moves = (movement: unknown) => createBezzel({ plugins: [pluginModule({ pieces: [{ ...piece('x'), movement } as never] })] });
    await expect(moves({ leaps: [{ dx: Number.NaN, dy: 1 }], rides: [] })).rejects.toThrow(/a leap must be a step of whole numbers/);
    await expect(moves({ leaps: [], rides: [{ dx: 0, dy: 0 }] })).rejects.toThrow(/a ride must be a step of whole numbers, not both 0/);
    await expect(moves({ leaps: [], rides: [{ dx: 1, dy: 0, range: 0 }] })).rejects.toThrow(/range must be a whole number of at least 1/);
    await expect(moves({ leaps: [{ dx: 1.5, dy: 2 }], rides: [] })).rejects.toThrow(/whole numbers/);
  });

  it('solves through the chosen strategy and reports user mistakes as UsageErrors', async () => {
    const bezzel = await createBezzel({ plugins: [pluginModule({ pieces: [piece('knight')], strategies: [echo] })] });
    const task = { problem: { kind: 'placement', board: { width: 3, height: 2 }, piece: 'knight', k: 1 }, goal: 'count' } as const;
    const result = await bezzel.solve(task);
    expect(result).toMatchObject({ status: 'complete', count: 6n, strategy: 'echo' });
    await expect(bezzel.solve({ ...task, problem: { ...task.problem, piece: 'rook' } })).rejects.toThrow(/unknown piece "rook"; known pieces: knight/);
    await expect(bezzel.solve({ ...task, problem: { ...task.problem, k: 2 } })).rejects.toThrow(/echo: it only places one piece/);
    await expect(bezzel.solve({ ...task, goal: 'all' })).rejects.toThrow(/does not do goal all/);
    await expect(bezzel.solve({ ...task, strategy: 'nope' })).rejects.toBeInstanceOf(UsageError);
    await expect(bezzel.solve({ ...task, problem: { ...task.problem, k: 7 } })).rejects.toThrow(/-k 7 is more than the 6 squares/);
    await expect(bezzel.solve({ ...task, strategy: 'echo', options: { ordering: 'x' } })).rejects.toThrow(/has no option "ordering"/);
    // A name every object inherits is no option either.
    await expect(bezzel.solve({ ...task, strategy: 'echo', options: { constructor: 'x' } })).rejects.toThrow(/has no option "constructor"/);
    await expect(bezzel.solve({ ...task, options: { toString: '1' } })).rejects.toThrow(/no strategy that can do this takes option "toString"/);
    await expect(bezzel.solve({ ...task, options: { ordering: 'x' } })).rejects.toThrow(/no strategy that can do this takes option "ordering" \(those that can: echo\)/);
  });

  it('answers an impossible tour by theory before any strategy runs', async () => {
    const bezzel = await createBezzel({ plugins: [pluginModule({ pieces: [piece('knight')], strategies: [echo] })] });
    const result = await bezzel.solve({ problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 1 }, goal: 'one' });
    expect(result).toMatchObject({ status: 'impossible', proof: 'theorem', strategy: 'theorem' });
  });
});

describe('auto asks a costly estimate only where it could win', () => {
  const task = { problem: { kind: 'placement', board: { width: 3, height: 2 }, piece: 'knight', k: 1 }, goal: 'count' } as const;
  /** A strategy whose estimate says `cost`, with a floor of `floor`, counting how often it was asked. */
  const strategy = (id: string, cost: number, floor?: number) => {
    const asked = { supports: 0 };
    const s: SearchStrategy = {
      meta: { id, description: id, problems: ['placement'], goals: ['count'] },
      supports: () => (asked.supports++, yes(cost)),
      ...(floor !== undefined ? { floorMs: () => floor } : {}),
      run: () => ({ status: 'complete', count: 0n, stats: { nodes: 0, timeMs: 0 } }),
    };
    return { s, asked };
  };
  /** A registry of these strategies (and the knight), and the task's instance in it. */
  const withStrategies = async (...strategies: SearchStrategy[]) => {
    const bezzel = await createBezzel({ plugins: [pluginModule({ pieces: [piece('knight')], strategies })] });
    const instance = bezzel.instantiate(task);
    if (!instance.ok) throw instance.error;
    return { bezzel, instance: instance.value };
  };

  it('a floor above the cheapest cost found: not asked, and the cheapest wins', async () => {
    const costly = strategy('costly', 500, 300);
    const cheap = strategy('cheap', 20);
    const { bezzel, instance } = await withStrategies(costly.s, cheap.s);
    expect(bezzel.choose(instance)).toMatchObject({ ok: true, value: cheap.s });
    expect([costly.asked.supports, cheap.asked.supports]).toEqual([0, 1]);
    // Every strategy's answer, when asked for all of them, still has it.
    expect(bezzel.support(instance).map(({ support }) => support)).toEqual([yes(500), yes(20)]);
  });

  it('a floor below: asked, and it wins when its estimate is cheaper; ties go to the one registered first', async () => {
    const low = strategy('low', 10, 5);
    const other = strategy('other', 20);
    const lower = await withStrategies(other.s, low.s);
    expect(lower.bezzel.choose(lower.instance)).toMatchObject({ ok: true, value: low.s });
    const a = strategy('a', 7);
    const b = strategy('b', 7);
    const tied = await withStrategies(a.s, b.s);
    expect(tied.bezzel.choose(tied.instance)).toMatchObject({ ok: true, value: a.s });
  });

  it('a declared count floor is a floor too: a strategy whose floor per placement puts it above the cheapest is not asked', async () => {
    let asked = 0;
    const counted: SearchStrategy = { ...strategy('counted', 5_000).s, meta: { id: 'counted', description: 'counted', problems: ['placement'], goals: ['count'], countFloor: { perSolution: 100 } }, supports: () => (asked++, yes(5_000)) };
    const cheap = strategy('cheap', 20);
    const { bezzel, instance } = await withStrategies(counted, cheap.s);
    // One knight on 3×2: six placements (a tree this small is counted, not probed), at least 100 ms each.
    expect(countFloorMs(counted.meta.countFloor, instance)).toBe(600);
    expect(bezzel.choose(instance)).toMatchObject({ ok: true, value: cheap.s });
    expect(asked).toBe(0);
    // Goal one visits no placement it need not: no floor.
    const one = bezzel.instantiate({ ...task, goal: 'one' });
    expect(one.ok && countFloorMs(counted.meta.countFloor, one.value)).toBe(0);
    // Below the cheapest, it is asked.
    const { bezzel: low, instance: lowInstance } = await withStrategies({ ...counted, meta: { ...counted.meta, countFloor: { perSolution: 1 } } }, cheap.s);
    expect(low.choose(lowInstance)).toMatchObject({ ok: true, value: cheap.s });
    expect(asked).toBe(1);
  });

  it('a floor that throws or is not a number counts as none', async () => {
    const broken: SearchStrategy = { ...strategy('broken', 3).s, floorMs: () => { throw new Error('bug'); } };
    const nan = { ...strategy('nan', 4).s, floorMs: () => Number.NaN };
    const { bezzel, instance } = await withStrategies(nan, broken);
    expect(bezzel.choose(instance)).toMatchObject({ ok: true, value: broken });
  });
});
