import { type Bezzel, countFloorMs, type Goal, type Instance } from '@bezzel/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCliBezzel, defaultPlugins } from '../plugins/load-plugins.js';
import { pluginsNeeded, waitingPlugins, type PluginIndex } from '../plugins/plugin-index.js';
import { onlyChoosesRoute, registryFor } from './route-plugins.js';
import { chooseRoute } from './watched-solve.js';
import { everyPlugin, placement } from '../plugins/index.testing.js';

let all: Bezzel;
let index: PluginIndex;
beforeAll(async () => {
  ({ all, index } = await everyPlugin());
});

/**
 * Where a command only chooses its route, plugins whose strategies declare a count floor wait until the plugins
 * that came first have found theirs (registryFor). Nothing may change but what loads: the route, and `auto`'s own
 * choice, are those every plugin gives.
 */
describe('plugins that wait for the route', () => {
  const counting = { piece: 'queen', kind: 'placement', goal: 'count', choosesOnly: true } as const;

  it('a place command only chooses its route unless it splits, keeps or cross-checks the count (one worker splits nothing)', () => {
    expect(onlyChoosesRoute({})).toBe(true);
    expect(onlyChoosesRoute({ workers: 1 })).toBe(true);
    expect(onlyChoosesRoute({ workers: 2 })).toBe(false);
    expect(onlyChoosesRoute({ workers: 1, checkpoint: 'q.jsonl' })).toBe(false);
    expect(onlyChoosesRoute({ workers: 1, parts: 4 })).toBe(false);
    expect(onlyChoosesRoute({ queue: 'redis://localhost' })).toBe(false);
    expect(onlyChoosesRoute({ crossCheck: true })).toBe(false);
  });

  it('counting 16 queens: the four backtrackers wait, and none of them loads', async () => {
    const setup = await createCliBezzel([], [], counting);
    expect(setup.waiting?.map((w) => w.name)).toEqual(['@bezzel/backtracking', '@bezzel/csp', '@bezzel/dlx', '@bezzel/bitboard']);
    const ready = await registryFor(setup, placement('queen', 16, 'count'));
    expect(ready.bezzel).toBe(setup.bezzel);
    expect(ready.plugins.map((p) => p.name)).not.toContain('@bezzel/bitboard');
    const instance = ready.bezzel.instantiate(placement('queen', 16, 'count'));
    expect(instance.ok && chooseRoute(ready.bezzel, instance.value)).toMatchObject({ ok: true, value: { meta: { id: 'halves' } } });
  });

  it('counting 6 queens: the one that wins is loaded, in its place among the others', async () => {
    const setup = await createCliBezzel([], [], counting);
    const ready = await registryFor(setup, placement('queen', 6, 'count'));
    const names = ready.plugins.map((p) => p.name);
    expect(names).toContain('@bezzel/csp');
    expect(names).toEqual(defaultPlugins.filter((name) => names.includes(name)));
    const instance = ready.bezzel.instantiate(placement('queen', 6, 'count'));
    expect(instance.ok && chooseRoute(ready.bezzel, instance.value)).toMatchObject({ ok: true, value: { meta: { id: 'csp' } } });
  });

  it('nothing waits where the command compares more than auto does, names its strategy, or looks for one placement', () => {
    const needed = pluginsNeeded(index, counting, defaultPlugins)!;
    expect(waitingPlugins(index, { ...counting, choosesOnly: false }, needed)).toEqual([]);
    expect(waitingPlugins(index, { ...counting, strategy: 'bitboard' }, pluginsNeeded(index, { ...counting, strategy: 'bitboard' }, defaultPlugins)!)).toEqual([]);
    // A first placement: no floor would keep any of them out, so they load with the others, in one go.
    expect(waitingPlugins(index, { ...counting, goal: 'one' }, pluginsNeeded(index, { ...counting, goal: 'one' }, defaultPlugins)!)).toEqual([]);
  });

  it('the route and auto\'s choice are those of every plugin, for every piece, goal and size', async () => {
    let compared = 0;
    let waited = 0;
    for (const piece of ['queen', 'rook', 'bishop', 'king', 'knight']) {
      for (const goal of ['one', 'all', 'count', 'count-fundamental'] as const) {
        for (const n of [3, 5, 7, 9, 12, 16]) {
          const task = placement(piece, n, goal, piece === 'queen' || piece === 'rook' ? undefined : Math.max(2, n - 2));
          const whole = all.instantiate(task);
          if (!whole.ok) continue;
          const setup = await createCliBezzel([], [], { piece, kind: 'placement', goal, choosesOnly: true });
          const ready = await registryFor(setup, task);
          if (ready.plugins.length < setup.plugins.length + (setup.waiting?.length ?? 0)) waited++;
          const few = ready.bezzel.instantiate(task);
          expect(few.ok).toBe(true);
          if (!few.ok) continue;
          const id = (chosen: ReturnType<typeof chooseRoute>) => (chosen.ok ? chosen.value.meta.id : chosen.error.message);
          expect(id(ready.bezzel.choose(few.value)), JSON.stringify(task)).toBe(id(all.choose(whole.value)));
          expect(id(chooseRoute(ready.bezzel, few.value)), JSON.stringify(task)).toBe(id(chooseRoute(all, whole.value)));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(80);
    // Not a check that cannot fail: some plugins did stay unloaded.
    expect(waited).toBeGreaterThan(5);
  });

  it("every declared count floor is at most its strategy's estimate (random boards, pieces, k and goals)", () => {
    const floored = all.strategies.filter((s) => s.meta.countFloor !== undefined);
    expect(floored.map((s) => s.meta.id).sort()).toEqual(['backtracking', 'bitboard', 'csp', 'dlx']);
    let checked = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('queen', 'rook', 'bishop', 'king', 'knight', 'amazon', 'nightrider'),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 14 }),
        fc.constantFrom('count', 'count-fundamental', 'all') as fc.Arbitrary<Goal>,
        fc.option(fc.integer({ min: 1, max: 14 }), { nil: undefined }),
        (piece, width, height, goal, k) => {
          const instance = all.instantiate({ problem: { kind: 'placement', board: { width, height }, piece, ...(k !== undefined ? { k } : {}) }, goal });
          if (!instance.ok) return;
          for (const strategy of floored) {
            if (!strategy.meta.goals.includes(goal)) continue;
            const support = all.supportOf(strategy, instance.value as Instance);
            if (!support.ok) continue;
            checked++;
            expect(countFloorMs(strategy.meta.countFloor, instance.value), `${strategy.meta.id} ${piece} ${width}×${height} k=${k} ${goal}`).toBeLessThanOrEqual(support.cost);
          }
        },
      ),
      { seed: 34, numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(300);
  });
});
