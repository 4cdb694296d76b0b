import { makeFolders, writeWhole } from '@bezzel/files';
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Walk } from './dp.js';
import type { OrderedGraph } from './graph.js';
import { GroupTable, RECORD_BYTES } from './group-table.js';
import { groupHash, groupingOf, groupOf, type Grouping } from './grouping.js';
import { stepPlans, type StepPlan } from './plan.js';
import { MOD_HIGH, MOD_PRIME } from './residues.js';
import { Stepper } from './stepper.js';

/** Frontier squares a state on disk holds (4 bits each in two words). */
export const SPILL_SLOTS = 16;
/**
 * The layout of the files (records, grouping hash, keys): part of a run's signature, so a directory written by
 * an older layout is refused rather than read wrongly.
 */
const FORMAT = 3;
/**
 * States a part of a group is planned for (`runGroup`): its table (an index of 4 bytes an entry, records of 24
 * bytes) then fits a core's cache of a megabyte or so.
 */
const PART_STATES = 12_000;
/** A group asks whether to stop after every this many states and one (a few milliseconds' work). */
const CHECK_EVERY = 4095;
/** The first double of a group file's header. */
const MARK = 0x5e11;

/** What one group of one step did. */
export interface GroupDone {
  readonly states: number;
  readonly inputs: number;
  /** On the last vertex, the tours' residues. */
  readonly high: number;
  readonly prime: number;
}

/**
 * One sweep whose states live on disk between steps: a step's states are written by group, each group's file
 * bucketed by the group its states fall in at the next step, so a group of the next step reads one slice of
 * each file. A group's file is written whole then renamed into place, so a stopped run resumes at the first
 * group of the first step not yet on disk, losing at most the groups being worked on.
 *
 * The work of a group is here (`runGroup`), for this thread or a worker's; each keeps one table and its buffers
 * for all its groups, and the files of the step it reads open (their headers read once a step).
 */
export class SpillSweep {
  readonly plans: StepPlan[];
  readonly groupings: Grouping[];
  readonly stepper: Stepper;
  readonly n: number;
  readonly #table = new GroupTable();
  #input = new ArrayBuffer(RECORD_BYTES * 1024);
  #output = new ArrayBuffer(RECORD_BYTES * 1024);
  /** A group's new states, gathered part by part, and the group each falls in at the next step. */
  #collected = new ArrayBuffer(RECORD_BYTES * 1024);
  #buckets = new Uint16Array(1024);
  #parts = new Uint16Array(1024);
  /** The files of the step a group reads, open, with their headers: for the step `#readingStep`. */
  #reading: { fd: number; head: Float64Array }[] = [];
  #readingStep = -1;

  constructor(
    readonly graph: OrderedGraph,
    readonly dir: string,
    readonly walk: Walk = 'cycles',
    /** What the manifest names the run by (the piece and the board). */
    readonly label = `${graph.n} squares`,
  ) {
    this.n = graph.n;
    this.plans = stepPlans(graph, walk === 'paths');
    this.groupings = this.plans.map(groupingOf);
    let slots = 0;
    for (const plan of this.plans) slots = Math.max(slots, plan.np, plan.nn);
    if (slots > SPILL_SLOTS) throw new Error(`a frontier of ${slots} squares is wider than the ${SPILL_SLOTS} a state on disk holds`);
    this.stepper = new Stepper(SPILL_SLOTS, walk === 'paths');
  }

  /** What the manifest says of the run: the board and the plans, so a directory is not resumed by another run. */
  get describe(): string {
    return `${this.label}${this.walk === 'paths' ? ', open' : ''}`;
  }

  get signature(): string {
    let h = 0x811c9dc5;
    for (const plan of this.plans) for (let i = 0; i < plan.signature.length; i++) h = Math.imul(h ^ plan.signature.charCodeAt(i), 0x01000193);
    return `${this.n}:${(h >>> 0).toString(16)}:${FORMAT}`;
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
    return this.#stepInfo(step - 1).nextGroups;
  }

  #stepInfo(step: number): { groups: number; nextGroups: number } {
    return JSON.parse(readFileSync(join(this.stepDir(step), 'step.json'), 'utf8')) as { groups: number; nextGroups: number };
  }

  /**
   * Works out group `group` of vertex `step`: reads its slice of every file the step before wrote, steps each
   * state, merges the successors in a table, and writes them bucketed by their group at the next step
   * (`nextGroups`). On the last vertex only the residues of the tours are kept.
   *
   * A group is cut finer here, by the bits of the same hash above the group's (`groupHash`): the parts' new
   * states are disjoint as the groups' are, so each part has a table of its own, small enough to stay in the
   * cache (`PART_STATES`), where one table for the group missed the cache on most adds.
   *
   * `stop` is asked every few thousand states: when it says so the group is left (nothing of it is written) and
   * undefined returned.
   */
  runGroup(step: number, group: number, groups: number, nextGroups: number, stop: () => boolean = () => false): GroupDone | undefined {
    const plan = this.plans[step]!;
    let count = this.#read(step, group, groups);
    const stepper = this.stepper;
    if (plan.isLast) {
      const values = new Float64Array(this.#input, 0, count * 3);
      const keys = new Uint32Array(this.#input, 0, count * 6);
      let h = 0;
      let p = 0;
      for (let i = 0; i < count; i++) {
        if ((i & CHECK_EVERY) === CHECK_EVERY && stop()) return undefined;
        stepper.successors(plan, keys, i * 6);
        for (let c = 0; c < stepper.closures; c++) {
          h += values[i * 3 + 1]!;
          if (h >= MOD_HIGH) h -= MOD_HIGH;
          p += values[i * 3 + 2]!;
          if (p >= MOD_PRIME) p -= MOD_PRIME;
        }
      }
      const done = { states: 0, inputs: count, high: h, prime: p };
      writeJson(join(this.stepDir(step), `group-${group}.json`), done);
      return done;
    }
    const inputs = count;
    let parts = 1;
    while (count / parts > PART_STATES) parts *= 2;
    const starts = parts > 1 ? this.#cut(step, count, groups, parts) : Float64Array.of(0, count);
    const keys = new Uint32Array(this.#input, 0, count * 6);
    const values = new Float64Array(this.#input, 0, count * 3);
    const table = this.#table;
    const out = stepper.out;
    const grouping = this.groupings[step + 1]!;
    count = 0;
    for (let part = 0; part < parts; part++) {
      const from = starts[part]!;
      const to = starts[part + 1]!;
      table.reset((to - from) * 1.5);
      if (stop()) return undefined;
      for (let i = from; i < to; i++) {
        if ((i & CHECK_EVERY) === CHECK_EVERY && stop()) return undefined;
        const k = stepper.successors(plan, keys, i * 6);
        const h = values[i * 3 + 1]!;
        const p = values[i * 3 + 2]!;
        for (let s = 0; s < k; s++) table.add(out[s * 2]!, out[s * 2 + 1]!, h, p);
      }
      // The part's new states join the group's, each with its group at the next step.
      const size = table.size;
      this.#room(count + size);
      new Uint8Array(this.#collected, count * RECORD_BYTES, size * RECORD_BYTES).set(new Uint8Array(table.words.buffer, 0, size * RECORD_BYTES));
      const words = table.words;
      const buckets = this.#buckets;
      for (let j = 0; j < size; j++) buckets[count + j] = groupOf(grouping, words, j * 6, nextGroups);
      count += size;
    }
    this.#writeGroup(step, group, count, nextGroups);
    return { states: count, inputs, high: 0, prime: 0 };
  }

  /**
   * Sorts the group's input (`#input`, `count` states) by part — the bits of each state's group hash above the
   * group's — into place; returns where each part starts.
   */
  #cut(step: number, count: number, groups: number, parts: number): Float64Array {
    const grouping = this.groupings[step]!;
    const keys = new Uint32Array(this.#input, 0, count * 6);
    const shift = Math.log2(groups);
    if (this.#parts.length < count) this.#parts = new Uint16Array(Math.ceil(count * 1.25));
    const partOf = this.#parts;
    const starts = new Float64Array(parts + 1);
    for (let i = 0; i < count; i++) {
      const part = (groupHash(grouping, keys, i * 6) >>> shift) & (parts - 1);
      partOf[i] = part;
      starts[part + 1]!++;
    }
    for (let q = 0; q < parts; q++) starts[q + 1]! += starts[q]!;
    this.#room(count);
    const place = starts.slice(0, parts);
    const from = new Float64Array(this.#input, 0, count * 3);
    const into = new Float64Array(this.#collected, 0, count * 3);
    for (let i = 0; i < count; i++) {
      const at = place[partOf[i]!]!++;
      into[at * 3] = from[i * 3]!;
      into[at * 3 + 1] = from[i * 3 + 1]!;
      into[at * 3 + 2] = from[i * 3 + 2]!;
    }
    // The sorted states become the input; the old input buffer takes the new states.
    [this.#input, this.#collected] = [this.#collected, this.#input];
    return starts;
  }

  /** Room for `states` records in `#collected` (and their buckets), keeping what is there. */
  #room(states: number): void {
    if (this.#collected.byteLength < states * RECORD_BYTES) {
      const grown = new ArrayBuffer(Math.ceil(states * 1.25) * RECORD_BYTES);
      new Uint8Array(grown).set(new Uint8Array(this.#collected));
      this.#collected = grown;
    }
    if (this.#buckets.length < states) {
      const grown = new Uint16Array(Math.ceil(states * 1.25));
      grown.set(this.#buckets);
      this.#buckets = grown;
    }
  }

  /** Reads the states of group `group` at vertex `step` into `#input` (one slice of each file the step before wrote); returns how many. */
  #read(step: number, group: number, groups: number): number {
    if (step === 0) {
      const values = new Float64Array(this.#input, 0, 3);
      values.set([0, 1, 1]);
      new Uint32Array(this.#input, 0, 2).fill(0);
      return group === 0 ? 1 : 0;
    }
    if (this.#readingStep !== step) this.#open(step, groups);
    const headBytes = (2 + groups + 1) * 8;
    let count = 0;
    for (const { head } of this.#reading) count += head[2 + group + 1]! - head[2 + group]!;
    if (this.#input.byteLength < count * RECORD_BYTES) this.#input = new ArrayBuffer(Math.ceil(count * 1.25) * RECORD_BYTES);
    let at = 0;
    for (const { fd, head } of this.#reading) {
      const from = head[2 + group]!;
      const size = head[2 + group + 1]! - from;
      if (size > 0) readFully(fd, new Uint8Array(this.#input, at * RECORD_BYTES, size * RECORD_BYTES), headBytes + from * RECORD_BYTES);
      at += size;
    }
    return count;
  }

  /** Opens the files of the step before `step` and reads their headers (closing those of another step). */
  #open(step: number, groups: number): void {
    this.closeFiles();
    const before = this.#stepInfo(step - 1).groups;
    for (let g = 0; g < before; g++) {
      const file = this.groupFile(step - 1, g);
      const fd = openSync(file, 'r');
      const head = new Float64Array(2 + groups + 1);
      readFully(fd, new Uint8Array(head.buffer), 0);
      if (head[0] !== MARK || head[1] !== groups) {
        closeSync(fd);
        throw new Error(`${file} is not bucketed for the ${groups} groups of step ${step}`);
      }
      this.#reading.push({ fd, head });
    }
    this.#readingStep = step;
  }

  /** Closes the files a group reads (before their step is removed, and when the thread ends). */
  closeFiles(): void {
    for (const { fd } of this.#reading) closeSync(fd);
    this.#reading = [];
    this.#readingStep = -1;
  }

  /**
   * Writes the group's new states (`size` records in `#collected`, their next groups in `#buckets`): a header (a
   * mark, the next step's groups, where each bucket starts), then the records by bucket.
   */
  #writeGroup(step: number, group: number, size: number, nextGroups: number): void {
    if (this.#output.byteLength < size * RECORD_BYTES) this.#output = new ArrayBuffer(Math.ceil(size * 1.25) * RECORD_BYTES);
    const buckets = this.#buckets;
    const starts = new Float64Array(nextGroups + 1);
    for (let j = 0; j < size; j++) starts[buckets[j]! + 1]!++;
    for (let b = 0; b < nextGroups; b++) starts[b + 1]! += starts[b]!;
    const place = starts.slice(0, nextGroups);
    const from = new Float64Array(this.#collected, 0, size * 3);
    const into = new Float64Array(this.#output, 0, size * 3);
    for (let j = 0; j < size; j++) {
      const at = place[buckets[j]!]!++;
      into[at * 3] = from[j * 3]!;
      into[at * 3 + 1] = from[j * 3 + 1]!;
      into[at * 3 + 2] = from[j * 3 + 2]!;
    }
    const head = new Float64Array(2 + nextGroups + 1);
    head[0] = MARK;
    head[1] = nextGroups;
    head.set(starts, 2);
    writeWhole(this.groupFile(step, group), [new Uint8Array(head.buffer), new Uint8Array(this.#output, 0, size * RECORD_BYTES)]);
  }

  /** Starts a step's directory (its next groups chosen now, from the states the step before left). */
  beginStep(step: number, groups: number, nextGroups: number): void {
    makeFolders(this.stepDir(step));
    const info = join(this.stepDir(step), 'step.json');
    if (!existsSync(info)) writeJson(info, { groups, nextGroups });
  }

  /** The next groups a step's files were (or are being) bucketed for. */
  nextGroupsOf(step: number): number | undefined {
    const info = join(this.stepDir(step), 'step.json');
    return existsSync(info) ? this.#stepInfo(step).nextGroups : undefined;
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

  /** The states a group file holds (its header's last bucket end). */
  statesInFile(step: number, group: number): number {
    const fd = openSync(this.groupFile(step, group), 'r');
    try {
      const head = new Float64Array(2);
      readFully(fd, new Uint8Array(head.buffer), 0);
      const tail = new Float64Array(1);
      readFully(fd, new Uint8Array(tail.buffer), (2 + head[1]!) * 8);
      return tail[0]!;
    } finally {
      closeSync(fd);
    }
  }
}

/** Writes a small JSON file whole (to a temporary name, then renamed); a failure is the core's WriteFailure. */
export function writeJson(file: string, value: unknown): void {
  writeWhole(file, JSON.stringify(value));
}

function readFully(fd: number, into: Uint8Array, position: number): void {
  let done = 0;
  while (done < into.length) {
    const n = readSync(fd, into, done, Math.min(into.length - done, 1 << 30), position + done);
    if (n <= 0) throw new Error('a state file ended early');
    done += n;
  }
}
