import type { CellRow } from './rows.js';
import type { RunRecord } from './runs.js';
import { logRank, mannWhitney } from './rank-tests.js';
import { fisherExact, holm } from './statistics.js';

/**
 * One row against the reference row of its board size (the first row of that size: the first strategy named,
 * its first swept value): is the success rate different, and does it solve in fewer steps or less time?
 */
export interface Comparison {
  readonly n: number;
  /** The row compared, by label. */
  readonly row: string;
  /** The reference row, by label. */
  readonly reference: string;
  /** Fisher's exact test of solved / not solved, row against reference, and the sample odds ratio. */
  readonly success: { readonly test: 'fisher-exact'; readonly p: number; readonly pHolm: number; readonly oddsRatio: number };
  /**
   * The Mann–Whitney U test of run lengths, unsolved runs censored at Infinity (tied above every solved run), in
   * the unit {@link lengthMeasure} chose; `method` says whether its p is exact (under 50 runs a row, no ties) or
   * the normal approximation. A12 = P(a run of the row is longer) + ½·P(tie): below 0.5 the row is faster. Absent
   * when the rows share no unit (see `notCompared`).
   */
  readonly runLength?: {
    readonly test: 'mann-whitney-u';
    readonly measure: string;
    readonly u: number;
    readonly method: 'exact' | 'normal';
    readonly p: number;
    readonly pHolm: number;
    readonly a12: number;
  };
  /**
   * The log-rank test of the same run lengths, a run its step or time budget stopped censored at the steps (or ms) it
   * spent rather than at Infinity (one that stopped of itself, stuck, never solves and is censored at Infinity): the
   * row's solved runs (observed) against those expected were both rows alike, chi-square of 1 degree of freedom.
   */
  readonly survival?: { readonly test: 'log-rank'; readonly measure: string; readonly observed: number; readonly expected: number; readonly statistic: number; readonly p: number; readonly pHolm: number };
  /** Why run lengths were not compared: the rows count different units and share no counter, or times too short to tell. */
  readonly notCompared?: string;
}

/** How run lengths are compared: on steps (the default: the same on every machine) or, when asked, on time. */
export interface CompareOptions {
  readonly on?: 'steps' | 'time';
  /** The clock's resolution in ms (see {@link clockResolutionMs}): times are compared only where runs take 10 times more. */
  readonly clockResolutionMs?: number;
}

/**
 * Counters that mean the same thing in every strategy that reports them, so rows of different step units can be
 * compared on them: a move is one piece moved to another square (hill climbing's move, min-conflicts' repair that
 * moved a queen, tabu's move), whatever else each strategy counts as its step.
 */
export const COMMON_COUNTERS = ['moves'] as const;

/** Times shorter than this many clock ticks are not compared: rounding would decide the test. */
export const TICKS_TO_COMPARE = 10;

/** How one run's length is read for a comparison, or why it cannot be. */
export type LengthMeasure = { readonly unit: string; readonly of: (run: RunRecord) => number } | { readonly unit?: undefined; readonly reason: string };

/**
 * The unit two rows are compared in. On steps: their step unit if they share it, else a common counter
 * ({@link COMMON_COUNTERS}) that every run of both reports, else none (steps of different units compare nothing).
 * On time: ms, where the median solved run of both rows takes at least {@link TICKS_TO_COMPARE} clock ticks.
 */
export function lengthMeasure(a: CellRow, b: CellRow, runsA: readonly RunRecord[], runsB: readonly RunRecord[], options: CompareOptions = {}): LengthMeasure {
  if (options.on === 'time') {
    const resolution = options.clockResolutionMs ?? clockResolutionMs();
    const median = (runs: readonly RunRecord[]) => {
      const times = runs.filter((r) => r.solved).map((r) => r.timeMs).sort((x, y) => x - y);
      return times.length === 0 ? Number.POSITIVE_INFINITY : times[Math.floor(times.length / 2)]!;
    };
    const shortest = Math.min(median(runsA), median(runsB));
    if (shortest < TICKS_TO_COMPARE * resolution) return { reason: `times not compared: a median run of ${shortest.toPrecision(2)} ms is under ${TICKS_TO_COMPARE} ticks of the clock (resolution ${resolution.toPrecision(2)} ms)` };
    return { unit: 'ms', of: (r) => r.timeMs };
  }
  if (a.stepUnit === b.stepUnit) return { unit: a.stepUnit, of: (r) => r.steps };
  for (const counter of COMMON_COUNTERS) {
    if ([...runsA, ...runsB].every((r) => typeof r.extra?.[counter] === 'number')) return { unit: counter, of: (r) => r.extra![counter] as number };
  }
  return { reason: `run lengths not compared: ${a.label} counts ${a.stepUnit}, ${b.label} ${b.stepUnit}, and no counter is common to both (compare on time with --compare-on time)` };
}

/**
 * The resolution of `performance.now()` in ms: the smallest step it is seen to take (a browser rounds to 0.1 ms or
 * coarser; Node to well under a microsecond).
 */
export function clockResolutionMs(): number {
  let smallest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    let next = performance.now();
    while (next === start) next = performance.now();
    smallest = Math.min(smallest, next - start);
  }
  return smallest;
}

/**
 * Every row against the reference row of its size, and Holm's adjustment over all the tests of one kind (the
 * success tests together, the run-length tests together). No comparison when a size has one row.
 */
export function compareRows(rows: readonly CellRow[], runs: readonly RunRecord[], options: CompareOptions = {}): Comparison[] {
  const runsOf = (row: CellRow) => runs.filter((r) => r.strategy === row.strategy && r.n === row.n && sameParams(r.params ?? {}, row.params));
  type Draft = Omit<Comparison, 'success' | 'runLength' | 'survival'> & {
    success: Omit<Comparison['success'], 'pHolm'>;
    runLength?: Omit<NonNullable<Comparison['runLength']>, 'pHolm'>;
    survival?: Omit<NonNullable<Comparison['survival']>, 'pHolm'>;
  };
  const resolution = options.on === 'time' ? (options.clockResolutionMs ?? clockResolutionMs()) : undefined;
  const raw: Draft[] = [];
  for (const n of [...new Set(rows.map((r) => r.n))]) {
    const [reference, ...others] = rows.filter((r) => r.n === n);
    if (!reference) continue;
    const referenceRuns = runsOf(reference);
    for (const row of others) {
      const mine = runsOf(row);
      const fisher = fisherExact(row.solved, row.runs - row.solved, reference.solved, reference.runs - reference.solved);
      const success = { test: 'fisher-exact' as const, p: fisher.p, oddsRatio: fisher.oddsRatio };
      const how = lengthMeasure(row, reference, mine, referenceRuns, { ...options, ...(resolution !== undefined ? { clockResolutionMs: resolution } : {}) });
      if (how.unit === undefined) {
        raw.push({ n, row: row.label, reference: reference.label, success, notCompared: how.reason });
        continue;
      }
      const length = (r: RunRecord) => (r.solved ? how.of(r) : Number.POSITIVE_INFINITY);
      const mw = mannWhitney(mine.map(length), referenceRuns.map(length));
      // A run its budget stopped is censored there; one that gave up (stuck) never solves, and stays at risk throughout.
      const spent = (r: RunRecord) => ({ time: r.solved || r.status === 'budget:steps' || r.status === 'budget:time' ? how.of(r) : Number.POSITIVE_INFINITY, event: r.solved });
      const lr = logRank(mine.map(spent), referenceRuns.map(spent));
      const measure = how.unit;
      raw.push({
        n,
        row: row.label,
        reference: reference.label,
        success,
        runLength: { test: 'mann-whitney-u', measure, u: mw.u, method: mw.method, p: mw.p, a12: mw.a12 },
        survival: { test: 'log-rank', measure, observed: lr.observed, expected: lr.expected, statistic: lr.statistic, p: lr.p },
      });
    }
  }
  const successHolm = holm(raw.map((c) => c.success.p));
  // Holm over the tests made: a comparison not made is no test.
  const made = raw.flatMap((c, i) => (c.runLength ? [i] : []));
  const lengthHolm = holm(made.map((i) => raw[i]!.runLength!.p));
  const survivalHolm = holm(made.map((i) => raw[i]!.survival!.p));
  return raw.map((c, i) => {
    const j = made.indexOf(i);
    const { runLength, survival, ...rest } = c;
    return {
      ...rest,
      success: { ...c.success, pHolm: successHolm[i]! },
      ...(runLength && survival ? { runLength: { ...runLength, pHolm: lengthHolm[j]! }, survival: { ...survival, pHolm: survivalHolm[j]! } } : {}),
    };
  });
}

function sameParams(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** A p-value for a table: 3 significant digits, `< 1e-16` where the normal tail is past double precision. */
export function pValue(p: number): string {
  if (Number.isNaN(p)) return '–';
  if (p < 1e-16) return '< 1e-16';
  return p < 0.001 ? p.toExponential(1) : p.toPrecision(2);
}

/** `p = 0.012`, or `p < 1e-16`. */
function pIs(p: number): string {
  const text = pValue(p);
  return text.startsWith('<') ? `p ${text}` : `p = ${text}`;
}

/**
 * One line per comparison, for the table's notes. A test on times goes right of " | ", as the table's time
 * columns do, so what is left of it is the same on any machine.
 */
export function comparisonLines(comparisons: readonly Comparison[], several: boolean): string[] {
  if (comparisons.length === 0) return [];
  return [
    `comparisons with the first row of each size (p two-sided; Holm-adjusted over ${comparisons.length} in brackets; log-rank: runs out of budget censored at what they spent):`,
    ...comparisons.map((c) => {
      const { success: s, runLength: l } = c;
      const odds = Number.isNaN(s.oddsRatio) ? '–' : s.oddsRatio === Number.POSITIVE_INFINITY ? '∞' : s.oddsRatio.toPrecision(3);
      if (!l || !c.survival) return `  ${c.row} vs ${c.reference}${several ? ` on ${c.n}×${c.n}` : ''}: success Fisher ${pIs(s.p)} [${pValue(s.pHolm)}], odds ratio ${odds}; ${c.notCompared ?? 'run lengths not compared'}`;
      const faster = Number.isNaN(l.a12) ? '' : l.a12 < 0.5 ? `, ${c.row} faster` : l.a12 > 0.5 ? `, ${c.reference} faster` : '';
      const v = c.survival;
      const length = `${l.measure} to solve Mann–Whitney (${l.method}) U = ${l.u}, ${pIs(l.p)} [${pValue(l.pHolm)}], A12 = ${l.a12.toFixed(3)}${faster}; log-rank χ² = ${Number.isNaN(v.statistic) ? '–' : v.statistic.toFixed(2)}, ${pIs(v.p)} [${pValue(v.pHolm)}]`;
      return `  ${c.row} vs ${c.reference}${several ? ` on ${c.n}×${c.n}` : ''}: success Fisher ${pIs(s.p)} [${pValue(s.pHolm)}], odds ratio ${odds}${l.measure === 'ms' ? ' | ' : '; '}${length}`;
    }),
  ];
}
