import { rowRules } from '@bezzel/row-masks';
import {
  no,
  option,
  placementSearchSize,
  UsageError,
  yes,
  type Instance,
  type Outcome,
  type RunContext,
  type SearchStrategy,
  type SubTask,
} from '@bezzel/core';
import { constellations, type Constellation } from './constellations.js';
import { countConstellation, countWithFundamental } from './count.js';

/** Row masks are 32-bit integers. */
const MAX_N = 32;
/**
 * The time model, on bitboard's footing: milliseconds per node of the placement tree as Knuth's probes estimate it
 * (the estimate bitboard's cost uses, which runs about 6× over both strategies' real times from n = 14 up), at
 * 0.75 of bitboard's per-node figure (measured: n = 14 33 vs 37 ms, n = 15 168 vs 225 ms, n = 16 1.09 vs 1.45 s),
 * and a fixed cost — the enumeration, the choice of images and the kernels' compilation — that leaves boards up
 * to 13×13 to bitboard, quicker there (n = 13: 17 vs 10 ms).
 */
const MS_PER_NODE = 6e-6;
const MS_PER_RUN = 15;

export type Placement = Extract<Instance, { kind: 'placement' }>;

/** The constellations a run searches: all, or every p-th from the i-th (option `part` = "i/p"). */
function selected(n: number, part: unknown): Constellation[] {
  const all = constellations(n);
  if (part === undefined || String(part) === '') return [...all];
  const match = /^(\d+)\/(\d+)$/.exec(String(part));
  const [i, p] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(p >= 1 && i >= 0 && i < p)) throw new UsageError('ERR_OPTION', `part "${String(part)}" is not "i/p" with 0 ≤ i < p`);
  return all.filter((c) => c.index % p === i);
}

function split(instance: Instance, parts: number): SubTask[] | undefined {
  const task = instance.task;
  // One part (also how a caller asks whether it splits at all) needs no constellations: n = 16 takes 45 ms to list them.
  if (instance.kind !== 'placement' || task.options?.part !== undefined || parts <= 1) return [{ task, weight: 1 }];
  // Every p-th constellation: neighbours in key order share their top queen and cost alike, so strides balance.
  const p = Math.max(1, Math.min(Math.floor(parts), constellations(instance.board.width).length));
  return Array.from({ length: p }, (_, i) => ({ task: { ...task, strategy: 'constellations', options: { ...task.options, part: `${i}/${p}` } }, weight: 1 }));
}

function run(instance: Instance, ctx: RunContext): Outcome {
  const started = performance.now();
  if (instance.kind !== 'placement') throw new Error('constellations counts placements only');
  const n = instance.board.width;
  const goal = instance.task.goal;
  const list = selected(n, ctx.option('part'));
  let count = 0n;
  let fundamental = 0n;
  let done = 0;
  let stopped = false;
  const every = Math.max(1, Math.floor(list.length / 100));
  for (const c of list) {
    if (ctx.clock.exhausted(done)) {
      stopped = true;
      break;
    }
    if (goal === 'count-fundamental') {
      const both = countWithFundamental(n, c);
      count += BigInt(c.weight) * both.count;
      fundamental += both.fundamental;
    } else {
      count += BigInt(c.weight) * countConstellation(n, c);
    }
    done++;
    if (done % every === 0 || done === list.length) ctx.progress({ nodes: done, solutions: count, done, total: list.length });
  }
  const stats = { nodes: done, timeMs: performance.now() - started, extra: { constellations: list.length } };
  if (stopped) {
    const partial = { count, ...(goal === 'count-fundamental' ? { fundamental } : {}), coverage: list.length === 0 ? 0 : done / list.length };
    const reason = ctx.clock.reason;
    if (reason === 'aborted') return { status: 'aborted', partial, stats };
    return { status: 'budget', exhausted: reason === 'time' ? 'time' : 'steps', partial, stats };
  }
  if (goal === 'count-fundamental') return { status: 'complete', count, fundamental, stats };
  return { status: 'complete', count, stats };
}

/** Whether this is n queens (or another piece moving exactly as a queen) on a plain n×n board. */
export function applies(instance: Placement): string | undefined {
  const { board, piece, k } = instance;
  if (board.width !== board.height) return `the board is ${board.width}×${board.height}; start constellations need a square`;
  if (board.width > MAX_N) return `the board is ${board.width} wide; row masks hold at most ${MAX_N} columns`;
  if (k !== board.width) return `it counts n pieces on n×n (one a row), not ${k}`;
  const rules = rowRules(board, piece);
  if (!rules.ok) return rules.reason;
  if (!rules.rules.queenLike || rules.rules.leapRows.length > 0 || rules.rules.sameRow.some((m) => m !== 0)) return `the ${piece.name} does not move exactly as a queen`;
  return undefined;
}

/**
 * n queens counted by start constellations (Preußer's q27 project, as NQueensFAF does): the queens of the four
 * border lines fixed, one constellation per orbit under the square's symmetries weighted by its orbit size, the
 * inner rows searched by a WebAssembly bit-backtracker written out for their number.
 */
export const constellationsStrategy: SearchStrategy = {
  meta: {
    id: 'constellations',
    description: 'n queens counted by start constellations (Preußer): border queens fixed per symmetry class, inner rows by a WebAssembly bit-backtracker',
    problems: ['placement'],
    goals: ['count', 'count-fundamental'],
    stepUnit: 'constellations',
    options: {
      part: option.internal('the constellations of one sub-task as split() writes them: "i/p" is every p-th from the i-th'),
    },
  },
  supports(instance) {
    if (instance.kind !== 'placement') return no('it counts placements; it does not tour');
    const reason = applies(instance);
    if (reason) return no(reason);
    const size = placementSearchSize(instance.board, instance.piece, instance.k, true);
    return yes(MS_PER_RUN + MS_PER_NODE * size.nodes);
  },
  run,
  split,
};
