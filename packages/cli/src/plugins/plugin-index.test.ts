import type { Bezzel, Task } from '@bezzel/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCliBezzel, defaultPlugins } from './load-plugins.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexOf, isCurrent, pluginsNeeded, readPluginIndex, type PluginIndex } from './plugin-index.js';
import { everyPlugin, placement } from './index.testing.js';

/**
 * The index lets a command load only the plugins that can serve it. What must never change is the answer: the
 * strategy `auto` picks with the needed plugins is the one it picks with all of them, for every piece, goal and
 * size a `place` command can ask.
 */
let all: Bezzel;
let index: PluginIndex;
beforeAll(async () => {
  ({ all, index } = await everyPlugin());
});

describe('the plugins a placement needs', () => {
  it('queens counted: the queen and the strategies that count placements, not the tours, knights or domination solvers', () => {
    const needed = pluginsNeeded(index, { piece: 'queens', kind: 'placement', goal: 'count' }, defaultPlugins)!;
    expect(needed).toContain('@bezzel/queen');
    expect(needed).toContain('@bezzel/constellations'); // the join (halves) and constellations
    expect(needed).not.toContain('@bezzel/knight');
    expect(needed).not.toContain('@bezzel/warnsdorff');
    expect(needed.length).toBeLessThan(defaultPlugins.length);
  });

  it("cannot tell, so everything loads: a strategy's options (they may name other strategies), a piece or a strategy it does not know", () => {
    expect(pluginsNeeded(index, { piece: 'queen', kind: 'placement', goal: 'one', strategy: 'portfolio', options: { members: 'hill-climbing,random' } }, defaultPlugins)).toBeUndefined();
    expect(pluginsNeeded(index, { piece: 'flamingo', kind: 'placement', goal: 'count' }, defaultPlugins)).toBeUndefined();
    expect(pluginsNeeded(index, { piece: 'queen', kind: 'placement', goal: 'count', strategy: 'no-such' }, defaultPlugins)).toBeUndefined();
    expect(pluginsNeeded({ plugins: {} }, { piece: 'queen', kind: 'placement', goal: 'count' }, defaultPlugins)).toBeUndefined();
  });

  it('auto picks the same strategy with the needed plugins as with all of them, for every piece, goal and size', async () => {
    const cases: Task[] = [];
    for (const piece of ['queen', 'knight', 'rook', 'bishop', 'king']) {
      for (const goal of ['one', 'all', 'count', 'count-fundamental', 'maximum'] as const) {
        for (const n of [4, 6, 8, 11, 14]) cases.push(placement(piece, n, goal, piece === 'queen' || goal === 'maximum' ? undefined : n));
      }
    }
    let compared = 0;
    for (const task of cases) {
      const instance = all.instantiate(task);
      if (!instance.ok) continue;
      const whole = all.choose(instance.value);
      const names = pluginsNeeded(index, { piece: task.problem.piece, kind: 'placement', goal: task.goal }, defaultPlugins);
      if (names === undefined) continue;
      const { bezzel: few } = await createCliBezzel([], [], { piece: task.problem.piece, kind: 'placement', goal: task.goal });
      const fewInstance = few.instantiate(task);
      expect(fewInstance.ok).toBe(true);
      const chosen = fewInstance.ok ? few.choose(fewInstance.value) : undefined;
      expect(chosen?.ok && chosen.value.meta.id, JSON.stringify(task)).toBe(whole.ok && whole.value.meta.id);
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a missing or damaged index is no index: every plugin loads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bezzel-index-'));
    expect(readPluginIndex(join(dir, 'none.json'))).toBeUndefined();
    writeFileSync(join(dir, 'damaged.json'), '{"plugins": ');
    expect(readPluginIndex(join(dir, 'damaged.json'))).toBeUndefined();
    writeFileSync(join(dir, 'other.json'), '[1, 2]');
    expect(readPluginIndex(join(dir, 'other.json'))).toBeUndefined();
    expect(readPluginIndex()).toBeDefined();
  });

  it('a stale index is no index: a plugin it does not list, or one whose built module has another size', () => {
    const sizes = Object.fromEntries(defaultPlugins.map((name, i) => [name, 1000 + i]));
    const stamped = indexOf(all, defaultPlugins, (name) => sizes[name]);
    expect(isCurrent(stamped, defaultPlugins, (name) => sizes[name])).toBe(true);
    expect(isCurrent(stamped, defaultPlugins, (name) => (name === '@bezzel/constellations' ? 1 : sizes[name]))).toBe(false);
    expect(isCurrent(stamped, [...defaultPlugins, '@bezzel/new-plugin'], (name) => sizes[name])).toBe(false);
    // An index written before the stamps, read beside a build: stale.
    expect(isCurrent(index, defaultPlugins, (name) => sizes[name])).toBe(false);
    // Sources (the tests) cannot be compared with a build: the index is taken as it is.
    expect(isCurrent(stamped, defaultPlugins, () => undefined)).toBe(true);
  });
});

