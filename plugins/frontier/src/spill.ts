import { makeFolders } from '@bezzel/files';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SpillManifest } from './spill-dir.js';
import { type GroupDone, type SpillSweep, writeJson } from './spill-sweep.js';
import { fromResidues, MOD_HIGH, MOD_PRIME, RESIDUES_LOG2, walkBoundLog2 } from './residues.js';

/** Works out groups (in this thread or on worker threads). */
export interface GroupRunner {
  /** Works out one group of one step; undefined when it was halted before the end. */
  run(step: number, group: number, groups: number, nextGroups: number): Promise<GroupDone | undefined>;
  /** Groups worked out at once. */
  readonly parallel: number;
  /** Halts the groups being worked out (in this thread they ask the run's own stop). */
  halt(): void;
}

export interface SpillProgress {
  readonly step: number;
  /** States after the step (all its groups). */
  readonly states: number;
  /** Groups of the step done, and how many it has. */
  readonly groupsDone: number;
  readonly groups: number;
  /** True when the step was found on disk, done by an earlier run. */
  readonly resumed: boolean;
  /** States after every step so far, this one's finished groups included. */
  readonly seen: number;
}

export interface SpillResult {
  /** Undefined when stopped before the last vertex. */
  readonly count: bigint | undefined;
  readonly high: number;
  readonly prime: number;
  readonly peakStates: number;
  readonly states: number;
  /** Steps found done on disk. */
  readonly resumedSteps: number;
  /** Where a stop came: the step being worked on (its finished groups are on disk). */
  readonly stopped?: { readonly step: number };
}

/**
 * States a group's work is planned for (the next step's states over the groups, with room for two steps' growth):
 * a table of a few hundred thousand states, a few megabytes, mostly in the cache.
 */
export const STATES_PER_GROUP = 1_000_000;
/**
 * Groups a step of many states is cut into at least, so the threads share its work evenly (two threads on two
 * groups of unequal size leave one idle), as long as a group keeps this many states or more.
 */
const MIN_GROUPS = 32;
const MIN_GROUP_STATES = 4096;
/** How often the clock is asked while groups are worked out on other threads. */
const WATCH_MS = 20;
/** Groups a step is cut into at most: each reads a slice of every file of the step before. */
export const MAX_GROUPS = 1024;

/**
 * Counts the closed tours (undirected Hamiltonian cycles) or open ones (undirected paths) with the states on
 * disk in `sweep.dir`: step after step, each step's groups run by `runner` (as many at once as it has threads),
 * the step before removed once a step is whole. What is on disk is where a rerun starts.
 */
export async function countSpilled(
  sweep: SpillSweep,
  runner: GroupRunner,
  progress: (p: SpillProgress) => void,
  stop: () => boolean,
  statesPerGroup = STATES_PER_GROUP,
): Promise<SpillResult> {
  const manifestFile = join(sweep.dir, 'manifest.json');
  const manifest: SpillManifest = { board: sweep.describe, vertices: sweep.n, signature: sweep.signature };
  makeFolders(sweep.dir);
  if (existsSync(manifestFile)) {
    const old = JSON.parse(readFileSync(manifestFile, 'utf8')) as SpillManifest;
    if (old.signature !== manifest.signature) throw Object.assign(new Error(`it holds the states of another run (${old.board}, not ${manifest.board}); give another directory`), { code: 'EOTHERRUN' });
  } else writeJson(manifestFile, manifest);
  let before = 1;
  let peak = 1;
  let seen = 0;
  let resumedSteps = 0;
  const resultFile = join(sweep.dir, 'result.json');
  if (existsSync(resultFile)) {
    const done = JSON.parse(readFileSync(resultFile, 'utf8')) as { high: number; prime: number; peakStates: number; states: number };
    return { ...done, count: countOf(sweep, done.high, done.prime), resumedSteps: sweep.n };
  }
  // The first step not whole on disk: the one after the last whose `done.json` is there (those before it are dropped).
  let first = 0;
  for (const entry of readdirSync(sweep.dir)) {
    const m = /^after-(\d+)$/.exec(entry);
    if (m && existsSync(join(sweep.dir, entry, 'done.json'))) first = Math.max(first, Number(m[1]) + 1);
  }
  if (first > 0) {
    const done = JSON.parse(readFileSync(join(sweep.stepDir(first - 1), 'done.json'), 'utf8')) as { states: number; seen: number; peak: number };
    before = done.states;
    seen = done.seen;
    peak = done.peak;
    resumedSteps = first;
    progress({ step: first - 1, states: before, groupsDone: 1, groups: 1, resumed: true, seen });
  }
  for (let step = first; step < sweep.n; step++) {
    const groups = sweep.groupsAt(step);
    const last = sweep.plans[step]!.isLast;
    const nextGroups = sweep.nextGroupsOf(step) ?? (last ? 1 : nextGroupsFor(before, statesPerGroup));
    sweep.beginStep(step, groups, nextGroups);
    let states = 0;
    let high = 0;
    let prime = 0;
    let done = 0;
    const todo: number[] = [];
    for (let g = 0; g < groups; g++) {
      if (!sweep.isGroupDone(step, g)) {
        todo.push(g);
        continue;
      }
      done++;
      if (last) {
        const r = sweep.finishedGroup(step, g)!;
        high = (high + r.high) % MOD_HIGH;
        prime = (prime + r.prime) % MOD_PRIME;
      } else states += sweep.statesInFile(step, g);
    }
    const resumed = todo.length === 0;
    let next = 0;
    let stopped = false;
    const lane = async () => {
      while (next < todo.length && !stopped) {
        if (stop()) {
          stopped = true;
          return;
        }
        const g = todo[next++]!;
        const r = await runner.run(step, g, groups, nextGroups);
        if (r === undefined) {
          stopped = true;
          return;
        }
        states += r.states;
        high = (high + r.high) % MOD_HIGH;
        prime = (prime + r.prime) % MOD_PRIME;
        done++;
        progress({ step, states, groupsDone: done, groups, resumed: false, seen: seen + states });
      }
    };
    // Groups on other threads cannot ask the run's clock: it is asked here, and they are halted when it says stop.
    const watch = setInterval(() => {
      if (stop()) runner.halt();
    }, WATCH_MS);
    try {
      await Promise.all(Array.from({ length: Math.max(1, runner.parallel) }, lane));
    } finally {
      clearInterval(watch);
    }
    if (stopped) return { count: undefined, high: 0, prime: 0, peakStates: peak, states: seen, resumedSteps, stopped: { step } };
    if (last) {
      writeJson(resultFile, { high, prime, peakStates: peak, states: seen });
      sweep.dropStep(step - 1);
      return { count: countOf(sweep, high, prime), high, prime, peakStates: peak, states: seen, resumedSteps };
    }
    seen += states;
    peak = Math.max(peak, states);
    writeJson(join(sweep.stepDir(step), 'done.json'), { states, seen, peak });
    if (resumed) progress({ step, states, groupsDone: groups, groups, resumed: true, seen });
    sweep.dropStep(step - 1);
    before = states;
  }
  return { count: 0n, high: 0, prime: 0, peakStates: peak, states: seen, resumedSteps };
}

/** The count from the residues, when Brégman's bound proves it below their moduli' product. */
function countOf(sweep: SpillSweep, high: number, prime: number): bigint | undefined {
  return walkBoundLog2(sweep.graph, sweep.walk) < RESIDUES_LOG2 ? fromResidues(high, prime) : undefined;
}

/** Groups for the step after next, from the states of the step before: room for two steps' growth. */
function nextGroupsFor(states: number, perGroup: number): number {
  let groups = 1;
  while (groups < MAX_GROUPS && ((states * 6) / groups > perGroup || (groups < MIN_GROUPS && states / groups > MIN_GROUP_STATES))) groups *= 2;
  return groups;
}
