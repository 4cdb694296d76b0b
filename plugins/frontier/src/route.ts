import { formatBytes, overMemory, type Instance } from '@bezzel/core';
import { resolve } from 'node:path';
import { frontierWidth, type OrderedGraph } from './graph.js';
import { MAX_SLOTS } from './plan.js';
import { freeBytes, spillRoot } from './spill-dir.js';
import { RECORD_BYTES } from './group-table.js';
import { STATES_PER_GROUP } from './spill.js';
import { SPILL_SLOTS } from './spill-sweep.js';

type TourInstance = Extract<Instance, { kind: 'tour' }>;

/**
 * The time and memory model, fitted on knight's tours (README): the most states after a vertex grow about 4.3×
 * a frontier square (`frontierWidth` 13, six ranks: 280,000 closed; 15, seven: 4.9 million; 17, eight: 130
 * million), open tours about 30× more (6×6: 1.33 million, 7×7: 24 million); about twelve times the peak are
 * stepped in all. In memory, about ten times the peak are stepped once (1 µs each; the rest reuse stored
 * transitions), then each state costs about 0.15 µs a vertex; each stepped state keeps about 45 bytes. On disk a
 * state costs about 0.5 µs of one thread, and 24 bytes in each of the two steps kept.
 */
const STATES_AT_13 = 280_000;
const STATE_GROWTH = 4.3;
const PATH_FACTOR = 30;
const BUILT_PER_PEAK = 10;
const STEPPED_PER_PEAK = 12;
const MS_PER_BUILT = 1e-3;
const MS_PER_STATE_VERTEX = 1.5e-4;
const MS_PER_SPILLED = 5e-4;
const BYTES_PER_BUILT = 45;
const BYTES_PER_PEAK = 2 * 8 * 8;
/** A streamed step (no transitions kept) holds two indexes and two count vectors: about 100 bytes a state. */
const BYTES_PER_STREAMED = 100;
/**
 * Past this many states the transitions are not kept (`countWalks`' `store`): each step then works every state
 * out afresh.
 */
export const STORE_LIMIT = 4_000_000;
/** A thread of a spilled run holds at most a group's input, table and output: 24 bytes a state each, with room. */
const SPILL_BYTES_PER_THREAD = (STATES_PER_GROUP / 6) * RECORD_BYTES * 12;

/**
 * States the DP will keep at most at once, by the model above; a small board, whose frontier is most of it,
 * never reaches that: about 2^(0.6 n) at most for n squares (6×6 open: 1.3 million).
 */
export function statesGuess(width: number, paths: boolean, vertices: number): number {
  return Math.min(STATES_AT_13 * STATE_GROWTH ** (width - 13) * (paths ? PATH_FACTOR : 1), 2 ** (0.6 * vertices));
}

/**
 * How a count runs: in memory keeping each step's transitions (narrow boards: a long board's middle lines reuse
 * them), in memory streaming each step (no transitions kept), or with the states on disk between squares, in
 * groups worked out by `threads` threads (7×8, 8×8: never split into sub-tasks, which repeat the work).
 */
export type Route =
  | { readonly kind: 'stored'; readonly states: number; readonly ms: number }
  | { readonly kind: 'streamed'; readonly states: number; readonly ms: number }
  | {
      readonly kind: 'spilled';
      readonly states: number;
      readonly ms: number;
      /** The directory given (resolved, and as the user wrote it), or none: a temporary one. */
      readonly dir: string | undefined;
      readonly named: string | undefined;
      readonly threads: number;
    };

/** The route for this count, or why there is none (one line for the user). */
export function chooseRoute(instance: TourInstance, graph: OrderedGraph, threads: number): Route | { readonly refused: string } {
  const width = frontierWidth(graph);
  const paths = !instance.closed;
  const states = statesGuess(width, paths, graph.n);
  const options = instance.task.options ?? {};
  const spill = options['spill'] !== undefined ? resolve(String(options['spill'])) : undefined;
  const fitsOnDisk = width - 1 <= SPILL_SLOTS;
  const store = states < STORE_LIMIT;
  const bytes = states * (store ? BUILT_PER_PEAK * BYTES_PER_BUILT + BYTES_PER_PEAK : BYTES_PER_STREAMED);
  const inMemory = `about ${Math.round(states).toLocaleString('en-US')} frontier states (a frontier of ${width} squares)`;
  // On disk when asked, when too many states to keep transitions, or when memory would not hold them (6×6 open).
  const overInMemory = overMemory(bytes, inMemory, instance);
  if (spill !== undefined || (fitsOnDisk && (options['threads'] !== undefined || !store || overInMemory !== undefined))) {
    if (!fitsOnDisk) return { refused: `its frontier on ${instance.board} is ${width - 1} squares; a state on disk holds at most ${SPILL_SLOTS}` };
    const memory = overMemory(threads * SPILL_BYTES_PER_THREAD, `${threads} thread${threads === 1 ? '' : 's'} of a spilled run`, instance);
    if (memory) return { refused: memory };
    // Two steps' states at the peak, with room, in the temporary folder the user did not choose: said before the
    // run. A directory the user gives is theirs: a disk that fills is a failed write the same command resumes.
    const disk = states * RECORD_BYTES * 2.5;
    const free = spill === undefined ? freeBytes(spillRoot()) : undefined;
    if (free !== undefined && free < disk) {
      return { refused: `about ${Math.round(states).toLocaleString('en-US')} frontier states would need ${formatBytes(disk)} on disk, more than the ${formatBytes(free).replace(/^about /, '')} free in ${spillRoot()}; -o spill=DIR puts them elsewhere` };
    }
    return { kind: 'spilled', states, ms: 1 + (MS_PER_SPILLED * STEPPED_PER_PEAK * states) / threads, dir: spill, named: spill === undefined ? undefined : String(options['spill']), threads };
  }
  if (width > MAX_SLOTS) return { refused: `its frontier on ${instance.board} is ${width} squares; a state holds at most ${MAX_SLOTS}` };
  if (overInMemory) return { refused: overInMemory };
  return store
    ? { kind: 'stored', states, ms: 1 + MS_PER_BUILT * BUILT_PER_PEAK * states + MS_PER_STATE_VERTEX * states * graph.n }
    : { kind: 'streamed', states, ms: 1 + MS_PER_BUILT * states * graph.n };
}
