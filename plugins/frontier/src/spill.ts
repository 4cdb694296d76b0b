import { closeSync, existsSync, statSync, openSync, readdirSync, readFileSync, readSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { combineResidues, WriteFailure } from '@bezzel/core';
import { makeFolders, writeWhole } from '@bezzel/files';
import type { OrderedGraph } from './graph.js';
import { FREE, FULL, stepPlans, Stepper, type StepPlan } from './step.js';

/**
 * Counts as two residues in doubles, not as exact limbs: mod 2⁵² and mod the prime 2⁵¹ − 129 (two residues add
 * to under 2⁵³, exact). The Chinese remainder theorem gives the count mod their product, about 2¹⁰³, which is the
 * count itself when a bound proves it smaller (`cycleBoundLog2`, Brégman's bound on the permanent; 8×8 knight:
 * under 2⁶⁸).
 */
export const MOD_HIGH = 2 ** 52;
export const MOD_PRIME = 2251799813685119;

/**
 * A state on disk, in a group's input and in its table is one record of 24 bytes — its key (two 32-bit words)
 * and its two residues (doubles) — so a lookup touches one cache line, not four arrays.
 */
export const RECORD_BYTES = 24;
/** Frontier squares a state on disk holds (4 bits each in two words). */
export const SPILL_SLOTS = 16;
const EMPTY = 0xffffffff;

/**
 * How a step's work splits into groups whose new states are disjoint, so each group builds its own table and
 * nothing is merged across groups: a new state's group is a hash of the classes (untouched, full, a path's
 * end) of the slots the step does not touch — and those classes are the old state's, so every successor of an
 * old state falls in one group, known before it is stepped. With the mirror, the slots are closed under it and
 * the hash is the least of the pattern's and its image's, so a state and the image it may be swapped for agree.
 */
export interface Grouping {
  /**
   * The P slots (the old state's) of the N slots whose vertex takes no edge in this step, closed under the mirror
   * when there is one.
   */
  readonly sources: Int32Array;
  /** For each position in `sources`, the position of its mirror image (undefined: no mirror in this step). */
  readonly mirrorAt: Int32Array | undefined;
}

export function groupingOf(plan: StepPlan): Grouping {
  const touched = new Set(plan.back);
  let slots: number[] = [];
  for (let i = 0; i < plan.nn; i++) {
    const from = plan.source[i]!;
    if (from !== plan.np && !touched.has(from)) slots.push(i);
  }
  let mirrorAt: Int32Array | undefined;
  if (plan.mirror) {
    const inQ = new Set(slots);
    slots = slots.filter((i) => inQ.has(plan.mirror![i]!));
    const at = new Map(slots.map((s, k) => [s, k]));
    mirrorAt = Int32Array.from(slots, (i) => at.get(plan.mirror![i]!)!);
  }
  return { sources: Int32Array.from(slots, (i) => plan.source[i]!), mirrorAt };
}

/** 0 untouched, 1 full, 2 a path's end. */
function classAt(keys: Uint32Array, at: number, slot: number): number {
  const c = (keys[at + (slot >> 3)]! >>> ((slot & 7) * 4)) & 15;
  return c === FREE ? 0 : c === FULL ? 1 : 2;
}

/** The group, at the step `g` is of, of the state whose key is at `keys[at…]` before that step. */
export function groupOf(g: Grouping, keys: Uint32Array, at: number, groups: number): number {
  const positions = g.sources;
  if (groups === 1) return 0;
  let h = 0;
  let image = 0;
  let power = 1;
  for (let k = 0; k < positions.length; k++) {
    h += classAt(keys, at, positions[k]!) * power;
    if (g.mirrorAt) image += classAt(keys, at, positions[g.mirrorAt[k]!]!) * power;
    power *= 3;
  }
  if (g.mirrorAt && image < h) h = image;
  h = Math.imul((h ^ (h >>> 15)) | 0, 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) % groups;
}

/**
 * An upper bound on the undirected Hamiltonian cycles, as a power of two: each is two of the directed cycle
 * covers, whose number is the permanent of the adjacency matrix, at most Π (dᵢ!)^(1/dᵢ) (Brégman).
 */
export function cycleBoundLog2(graph: OrderedGraph): number {
  let log2 = 0;
  for (const ns of graph.neighbours) {
    const d = ns.length;
    if (d === 0) return -Infinity;
    let f = 0;
    for (let k = 2; k <= d; k++) f += Math.log2(k);
    log2 += f / d;
  }
  return log2 - 1;
}

/** The count from its residues mod 2⁵² and mod 2⁵¹ − 129 (the least such number). */
export function fromResidues(high: number, prime: number): bigint {
  return combineResidues([high, prime], [MOD_HIGH, MOD_PRIME]);
}

/**
 * A table of states for one group of one step: open addressing (linear probing, at most 0.7 full) of records
 * (`RECORD_BYTES`); a key of all ones is empty (slot code 15 never stays in a key).
 */
class GroupTable {
  words!: Uint32Array;
  values!: Float64Array;
  size = 0;
  #mask = 0;
  /** The size past which the table doubles (0.7 of its capacity). */
  #limit = 0;

  constructor(expected: number) {
    let capacity = 1024;
    while (capacity * 0.7 < expected) capacity *= 2;
    this.#allocate(capacity);
  }

  get capacity(): number {
    return this.#mask + 1;
  }

  #allocate(capacity: number): void {
    const buffer = new ArrayBuffer(capacity * RECORD_BYTES);
    this.words = new Uint32Array(buffer).fill(EMPTY);
    this.values = new Float64Array(buffer);
    this.#mask = capacity - 1;
    this.#limit = Math.floor(capacity * 0.7);
    this.size = 0;
  }

  add(lo: number, hi: number, high: number, prime: number): void {
    if (this.size >= this.#limit) this.#grow();
    const mask = this.#mask;
    const words = this.words;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    for (let e = (h ^ (h >>> 16)) & mask; ; e = (e + 1) & mask) {
      const w = e * 6;
      const l = words[w]!;
      if (l === lo && words[w + 1] === hi) {
        const values = this.values;
        const v = e * 3 + 1;
        let a = values[v]! + high;
        if (a >= MOD_HIGH) a -= MOD_HIGH;
        values[v] = a;
        let b = values[v + 1]! + prime;
        if (b >= MOD_PRIME) b -= MOD_PRIME;
        values[v + 1] = b;
        return;
      }
      if (l === EMPTY && words[w + 1] === EMPTY) {
        words[w] = lo;
        words[w + 1] = hi;
        this.values[e * 3 + 1] = high;
        this.values[e * 3 + 2] = prime;
        this.size++;
        return;
      }
    }
  }

  #grow(): void {
    const { words, values } = this;
    const old = this.capacity;
    this.#allocate(old * 2);
    for (let e = 0; e < old; e++) {
      if (words[e * 6] !== EMPTY || words[e * 6 + 1] !== EMPTY) this.add(words[e * 6]!, words[e * 6 + 1]!, values[e * 3 + 1]!, values[e * 3 + 2]!);
    }
  }
}

/** What one group of one step did. */
export interface GroupDone {
  readonly states: number;
  readonly inputs: number;
  /** On the last vertex, the closed tours' residues. */
  readonly high: number;
  readonly prime: number;
}

/** The run's description, written once to the directory; a rerun with another one is refused. */
export interface SpillManifest {
  readonly board: string;
  readonly vertices: number;
  readonly signature: string;
}

/**
 * One sweep whose states live on disk between steps: a step's states are written by group, each group's file
 * bucketed by the group its states fall in at the next step, so a group of the next step reads one slice of
 * each file. A group's file is written whole then renamed into place, so a stopped run resumes at the first
 * group of the first step not yet on disk, losing at most the groups being worked on.
 */
export class SpillSweep {
  readonly plans: StepPlan[];
  readonly groupings: Grouping[];
  readonly stepper: Stepper;
  readonly n: number;

  constructor(
    readonly graph: OrderedGraph,
    readonly dir: string,
    /** What the manifest names the run by (the piece and the board). */
    readonly label = `${graph.n} squares`,
  ) {
    this.n = graph.n;
    this.plans = stepPlans(graph, false);
    this.groupings = this.plans.map(groupingOf);
    let slots = 0;
    for (const plan of this.plans) slots = Math.max(slots, plan.np, plan.nn);
    if (slots > SPILL_SLOTS) throw new Error(`a frontier of ${slots} squares is wider than the ${SPILL_SLOTS} a state on disk holds`);
    this.stepper = new Stepper(SPILL_SLOTS, false);
  }

  /** What the manifest says of the run: the board and the plans, so a directory is not resumed by another run. */
  get describe(): string {
    return this.label;
  }

  get signature(): string {
    let h = 0x811c9dc5;
    for (const plan of this.plans) for (let i = 0; i < plan.signature.length; i++) h = Math.imul(h ^ plan.signature.charCodeAt(i), 0x01000193);
    return `${this.n}:${(h >>> 0).toString(16)}`;
  }

  stepDir(step: number): string {
    return join(this.dir, `after-${step}`);
  }

  groupFile(step: number, group: number): string {
    return join(this.stepDir(step), `group-${group}.bin`);
  }

  /** The groups of step `step`'s work, as written in the files of the step before (1 for the first). */
  groupsAt(step: number): number {
    if (step === 0) return 1;
    const info = JSON.parse(readFileSync(join(this.stepDir(step - 1), 'step.json'), 'utf8')) as { nextGroups: number };
    return info.nextGroups;
  }

  /**
   * Works out group `group` of vertex `step`: reads its slice of every file the step before wrote, steps each
   * state, merges the successors in a table, and writes them bucketed by their group at the next step
   * (`nextGroups`). On the last vertex only the residues of the closed tours are kept.
   */
  runGroup(step: number, group: number, groups: number, nextGroups: number): GroupDone {
    const plan = this.plans[step]!;
    const { words: keys, values, count } = this.#input(step, group, groups);
    const stepper = this.stepper;
    if (plan.isLast) {
      let h = 0;
      let p = 0;
      for (let i = 0; i < count; i++) {
        stepper.successors(plan, keys, i * 6);
        for (let c = 0; c < stepper.closures; c++) {
          h += values[i * 3 + 1]!;
          if (h >= MOD_HIGH) h -= MOD_HIGH;
          p += values[i * 3 + 2]!;
          if (p >= MOD_PRIME) p -= MOD_PRIME;
        }
      }
      const done = { states: 0, inputs: count, high: h, prime: p };
      this.#writeJson(join(this.stepDir(step), `group-${group}.json`), done);
      return done;
    }
    const table = new GroupTable(Math.max(1024, count * 2));
    const out = stepper.out;
    for (let i = 0; i < count; i++) {
      const k = stepper.successors(plan, keys, i * 6);
      const h = values[i * 3 + 1]!;
      const p = values[i * 3 + 2]!;
      for (let s = 0; s < k; s++) table.add(out[s * 2]!, out[s * 2 + 1]!, h, p);
    }
    this.#writeGroup(step, group, table, nextGroups);
    return { states: table.size, inputs: count, high: 0, prime: 0 };
  }

  /** The states of group `group` at vertex `step`: one slice of each file the step before wrote. */
  #input(step: number, group: number, groups: number): { words: Uint32Array; values: Float64Array; count: number } {
    if (step === 0) {
      const values = Float64Array.of(0, 1, 1);
      return { words: new Uint32Array(values.buffer).fill(0, 0, 2), values, count: group === 0 ? 1 : 0 };
    }
    const before = (JSON.parse(readFileSync(join(this.stepDir(step - 1), 'step.json'), 'utf8')) as { groups: number }).groups;
    const slices: { fd: number; from: number; size: number }[] = [];
    const headBytes = (2 + groups + 1) * 8;
    let count = 0;
    for (let g = 0; g < before; g++) {
      const fd = openSync(this.groupFile(step - 1, g), 'r');
      const head = new Float64Array(2 + groups + 1);
      readFully(fd, new Uint8Array(head.buffer), 0);
      if (head[1] !== groups) throw new Error(`${this.groupFile(step - 1, g)} is bucketed for ${head[1]} groups, not ${groups}`);
      const from = head[2 + group]!;
      const size = head[2 + group + 1]! - from;
      slices.push({ fd, from, size });
      count += size;
    }
    const buffer = new ArrayBuffer(Math.max(1, count) * RECORD_BYTES);
    let at = 0;
    for (const { fd, from, size } of slices) {
      if (size > 0) readFully(fd, new Uint8Array(buffer, at * RECORD_BYTES, size * RECORD_BYTES), headBytes + from * RECORD_BYTES);
      closeSync(fd);
      at += size;
    }
    return { words: new Uint32Array(buffer), values: new Float64Array(buffer), count };
  }

  /** Writes a group's states: a header (a mark, the next step's groups, where each bucket starts), then the records by bucket. */
  #writeGroup(step: number, group: number, table: GroupTable, nextGroups: number): void {
    const grouping = this.groupings[step + 1]!;
    const size = table.size;
    const bucketOf = new Uint16Array(size);
    const starts = new Float64Array(nextGroups + 1);
    const { words, values } = table;
    const capacity = table.capacity;
    let j = 0;
    for (let e = 0; e < capacity; e++) {
      if (words[e * 6] === EMPTY && words[e * 6 + 1] === EMPTY) continue;
      const b = groupOf(grouping, words, e * 6, nextGroups);
      bucketOf[j++] = b;
      starts[b + 1]!++;
    }
    for (let b = 0; b < nextGroups; b++) starts[b + 1]! += starts[b]!;
    const place = starts.slice(0, nextGroups);
    const buffer = new ArrayBuffer(Math.max(1, size) * RECORD_BYTES);
    const outWords = new Uint32Array(buffer);
    const outValues = new Float64Array(buffer);
    j = 0;
    for (let e = 0; e < capacity; e++) {
      if (words[e * 6] === EMPTY && words[e * 6 + 1] === EMPTY) continue;
      const at = place[bucketOf[j++]!]!++;
      outWords[at * 6] = words[e * 6]!;
      outWords[at * 6 + 1] = words[e * 6 + 1]!;
      outValues[at * 3 + 1] = values[e * 3 + 1]!;
      outValues[at * 3 + 2] = values[e * 3 + 2]!;
    }
    const head = new Float64Array(2 + nextGroups + 1);
    head[0] = 0x5e11;
    head[1] = nextGroups;
    head.set(starts, 2);
    writeWhole(this.groupFile(step, group), [new Uint8Array(head.buffer), new Uint8Array(buffer, 0, size * RECORD_BYTES)]);
  }

  #writeJson(file: string, value: unknown): void {
    writeWhole(file, JSON.stringify(value));
  }

  /** Starts a step's directory (its next groups chosen now, from the states the step before left). */
  beginStep(step: number, groups: number, nextGroups: number): void {
    makeFolders(this.stepDir(step));
    const info = join(this.stepDir(step), 'step.json');
    if (!existsSync(info)) this.#writeJson(info, { groups, nextGroups });
  }

  /** The next groups a step's files were (or are being) bucketed for. */
  nextGroupsOf(step: number): number | undefined {
    const info = join(this.stepDir(step), 'step.json');
    return existsSync(info) ? (JSON.parse(readFileSync(info, 'utf8')) as { nextGroups: number }).nextGroups : undefined;
  }

  isGroupDone(step: number, group: number): boolean {
    return existsSync(this.plans[step]!.isLast ? join(this.stepDir(step), `group-${group}.json`) : this.groupFile(step, group));
  }

  finishedGroup(step: number, group: number): GroupDone | undefined {
    const file = join(this.stepDir(step), `group-${group}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as GroupDone) : undefined;
  }

  dropStep(step: number): void {
    if (step >= 0) rmSync(this.stepDir(step), { recursive: true, force: true });
  }
}

function readFully(fd: number, into: Uint8Array, position: number): void {
  let done = 0;
  while (done < into.length) {
    const n = readSync(fd, into, done, Math.min(into.length - done, 1 << 30), position + done);
    if (n <= 0) throw new Error('a state file ended early');
    done += n;
  }
}

/**
 * Why `dir` cannot hold this sweep's states, or undefined: a file is there, or the states of another run (its
 * manifest names it). Asked before the run, so the user hears it as one line, not as a failed run.
 */
export function spillDirProblem(sweep: SpillSweep): string | undefined {
  const dir = sweep.dir;
  if (existsSync(dir) && !statSync(dir).isDirectory()) return `${dir} is a file, not a directory for the states`;
  const manifest = join(dir, 'manifest.json');
  if (existsSync(manifest)) {
    const old = JSON.parse(readFileSync(manifest, 'utf8')) as SpillManifest;
    if (old.signature !== sweep.signature) return `${dir} holds the states of another run (${old.board}, not ${sweep.describe}); give another directory`;
  }
  // A file where a folder of the path should be is the user's to fix. Whether the directory can be made and
  // written (permissions, a read-only or full disk) is found when the run makes it: a failed write (exit 74)
  // that leaves nothing behind, so a run refused here for another reason makes nothing either.
  let above = dir;
  while (!existsSync(above)) above = dirname(above);
  if (!statSync(above).isDirectory()) return `${above} is a file, so ${dir} cannot be made`;
  return undefined;
}

/** The states a group file of `step` holds (its header's last bucket end). */
export function statesInFile(file: string): number {
  const fd = openSync(file, 'r');
  try {
    const head = new Float64Array(2);
    readSync(fd, new Uint8Array(head.buffer), 0, 16, 0);
    const tail = new Float64Array(1);
    readSync(fd, new Uint8Array(tail.buffer), 0, 8, (2 + head[1]!) * 8);
    return tail[0]!;
  } finally {
    closeSync(fd);
  }
}

/** Works out one group of one step (in this thread or in a worker's). */
export type GroupRunner = (step: number, group: number, groups: number, nextGroups: number) => Promise<GroupDone>;

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
 * a table of a few hundred thousand states, tens of megabytes, mostly in the cache.
 */
export const STATES_PER_GROUP = 1_000_000;

/**
 * Counts the closed tours (undirected Hamiltonian cycles) with the states on disk in `sweep.dir`: step after
 * step, each step's groups run by `runner` (as many at once as it has threads), the step before removed once
 * a step is whole. What is on disk is where a rerun starts.
 */
export async function countCyclesSpilled(
  sweep: SpillSweep,
  runner: GroupRunner,
  parallel: number,
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
  } else writeWhole(manifestFile, JSON.stringify(manifest, null, 2));
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
    let resumed = true;
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
      } else states += statesInFile(sweep.groupFile(step, g));
    }
    if (todo.length > 0) resumed = false;
    // The largest groups first, so the threads finish together.
    let next = 0;
    let stopped = false;
    const lane = async () => {
      while (next < todo.length && !stopped) {
        if (stop()) {
          stopped = true;
          return;
        }
        const g = todo[next++]!;
        const r = await runner(step, g, groups, nextGroups);
        states += r.states;
        high = (high + r.high) % MOD_HIGH;
        prime = (prime + r.prime) % MOD_PRIME;
        done++;
        progress({ step, states, groupsDone: done, groups, resumed: false, seen: seen + states });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
    if (stopped) return { count: undefined, high: 0, prime: 0, peakStates: peak, states: seen, resumedSteps, stopped: { step } };
    if (last) {
      writeWhole(resultFile, JSON.stringify({ high, prime, peakStates: peak, states: seen }));
      sweep.dropStep(step - 1);
      return { count: countOf(sweep, high, prime), high, prime, peakStates: peak, states: seen, resumedSteps };
    }
    seen += states;
    peak = Math.max(peak, states);
    writeWhole(join(sweep.stepDir(step), 'done.json'), JSON.stringify({ states, seen, peak }));
    if (resumed) progress({ step, states, groupsDone: groups, groups, resumed: true, seen });
    sweep.dropStep(step - 1);
    before = states;
  }
  return { count: 0n, high: 0, prime: 0, peakStates: peak, states: seen, resumedSteps };
}

/** The count from the residues, when Brégman's bound proves it below their moduli' product. */
function countOf(sweep: SpillSweep, high: number, prime: number): bigint | undefined {
  return cycleBoundLog2(sweep.graph) < Math.log2(MOD_HIGH) + Math.log2(MOD_PRIME) - 1 ? fromResidues(high, prime) : undefined;
}

/** Groups for the step after next, from the states of the step before: room for two steps' growth. */
function nextGroupsFor(states: number, perGroup: number): number {
  let groups = 1;
  while (groups < 1024 && (states * 6) / groups > perGroup) groups *= 2;
  return groups;
}

/**
 * Runs groups on `threads` worker threads (one group each at a time); `close` ends them. The worker is the
 * built `spill-worker.js` beside this module (from the TypeScript sources, groups run in this thread).
 */
export function threadRunner(sweep: SpillSweep, threads: number): { run: GroupRunner; parallel: number; close: () => Promise<void> } {
  const entry = new URL('./spill-worker.js', import.meta.url);
  if (threads <= 1 || import.meta.url.endsWith('.ts') || !existsSync(entry)) {
    return { run: async (s, g, G, NG) => sweep.runGroup(s, g, G, NG), parallel: 1, close: async () => {} };
  }
  const idle: Worker[] = [];
  const waiting: ((w: Worker) => void)[] = [];
  const all = Array.from({ length: threads }, () => new Worker(entry, { workerData: { graph: sweep.graph, dir: sweep.dir } }));
  idle.push(...all);
  const take = () => new Promise<Worker>((resolve) => (idle.length > 0 ? resolve(idle.pop()!) : waiting.push(resolve)));
  const give = (w: Worker) => (waiting.length > 0 ? waiting.shift()!(w) : idle.push(w));
  const run: GroupRunner = async (step, group, groups, nextGroups) => {
    const w = await take();
    try {
      return await new Promise<GroupDone>((resolve, reject) => {
        const onError = (e: Error) => reject(e);
        w.once('error', onError);
        w.once('message', (m: { done?: GroupDone; error?: string; write?: { where: string; reason: string } }) => {
          w.off('error', onError);
          if (m.done) resolve(m.done);
          else reject(m.write ? new WriteFailure(m.write.where, m.write.reason) : new Error(m.error));
        });
        w.postMessage({ step, group, groups, nextGroups });
      });
    } finally {
      give(w);
    }
  };
  return { run, parallel: threads, close: async () => void (await Promise.all(all.map((w) => w.terminate()))) };
}
