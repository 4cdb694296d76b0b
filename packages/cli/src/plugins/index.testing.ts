import type { Bezzel, Goal, Task } from '@bezzel/core';
import { createCliBezzel, defaultPlugins } from './load-plugins.js';
import { indexOf, type PluginIndex } from './plugin-index.js';

/** For the tests of loading fewer plugins: the registry of every bundled plugin, and the index made from it. */
export async function everyPlugin(): Promise<{ all: Bezzel; index: PluginIndex }> {
  const all = (await createCliBezzel()).bezzel;
  return { all, index: indexOf(all, defaultPlugins) };
}

/** A placement task on an n×n board (k defaulted where not given). */
export const placement = (piece: string, n: number, goal: Goal, k?: number): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k !== undefined ? { k } : {}) },
  goal,
});
