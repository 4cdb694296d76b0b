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
   * steps when both rows count the same unit, else in ms; `method` says whether its p is exact (under 50 runs a
   * row, no ties) or the normal approximation. A12 = P(a run of the row is longer) + ½·P(tie): below 0.5 the row is
   * faster.
   */
  readonly runLength: {
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
  readonly survival: { readonly test: 'log-rank'; readonly measure: string; readonly observed: number; readonly expected: number; readonly statistic: number; readonly p: number; readonly pHolm: number };
}

/**
 * Every row against the reference row of its size, and Holm's adjustment over all the tests of one kind (the
 * success tests together, the run-length tests together). No comparison when a size has one row.
 */
export function compareRows(rows: readonly CellRow[], runs: readonly RunRecord[]): Comparison[] {
  const runsOf = (row: CellRow) => runs.filter((r) => r.strategy === row.strategy && r.n === row.n && sameParams(r.params ?? {}, row.params));
  type Draft = Omit<Comparison, 'success' | 'runLength' | 'survival'> & {
    success: Omit<Comparison['success'], 'pHolm'>;
    runLength: Omit<Comparison['runLength'], 'pHolm'>;
    survival: Omit<Comparison['survival'], 'pHolm'>;
  };
  const raw: Draft[] = [];
  for (const n of [...new Set(rows.map((r) => r.n))]) {
    const [reference, ...others] = rows.filter((r) => r.n === n);
    if (!reference) continue;
    const referenceRuns = runsOf(reference);
    for (const row of others) {
      const mine = runsOf(row);
      const sameUnit = row.stepUnit === reference.stepUnit;
      const length = (r: RunRecord) => (r.solved ? (sameUnit ? r.steps : r.timeMs) : Number.POSITIVE_INFINITY);
      const fisher = fisherExact(row.solved, row.runs - row.solved, reference.solved, reference.runs - reference.solved);
      const mw = mannWhitney(mine.map(length), referenceRuns.map(length));
      // A run its budget stopped is censored there; one that gave up (stuck) never solves, and stays at risk throughout.
      const spent = (r: RunRecord) => ({ time: r.solved || r.status === 'budget:steps' || r.status === 'budget:time' ? (sameUnit ? r.steps : r.timeMs) : Number.POSITIVE_INFINITY, event: r.solved });
      const lr = logRank(mine.map(spent), referenceRuns.map(spent));
      const measure = sameUnit ? row.stepUnit : 'ms';
      raw.push({
        n,
        row: row.label,
        reference: reference.label,
        success: { test: 'fisher-exact', p: fisher.p, oddsRatio: fisher.oddsRatio },
        runLength: { test: 'mann-whitney-u', measure, u: mw.u, method: mw.method, p: mw.p, a12: mw.a12 },
        survival: { test: 'log-rank', measure, observed: lr.observed, expected: lr.expected, statistic: lr.statistic, p: lr.p },
      });
    }
  }
  const successHolm = holm(raw.map((c) => c.success.p));
  const lengthHolm = holm(raw.map((c) => c.runLength.p));
  const survivalHolm = holm(raw.map((c) => c.survival.p));
  return raw.map((c, i) => ({
    ...c,
    success: { ...c.success, pHolm: successHolm[i]! },
    runLength: { ...c.runLength, pHolm: lengthHolm[i]! },
    survival: { ...c.survival, pHolm: survivalHolm[i]! },
  }));
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
      const faster = Number.isNaN(l.a12) ? '' : l.a12 < 0.5 ? `, ${c.row} faster` : l.a12 > 0.5 ? `, ${c.reference} faster` : '';
      const v = c.survival;
      const length = `${l.measure} to solve Mann–Whitney (${l.method}) U = ${l.u}, ${pIs(l.p)} [${pValue(l.pHolm)}], A12 = ${l.a12.toFixed(3)}${faster}; log-rank χ² = ${Number.isNaN(v.statistic) ? '–' : v.statistic.toFixed(2)}, ${pIs(v.p)} [${pValue(v.pHolm)}]`;
      return `  ${c.row} vs ${c.reference}${several ? ` on ${c.n}×${c.n}` : ''}: success Fisher ${pIs(s.p)} [${pValue(s.pHolm)}], odds ratio ${odds}${l.measure === 'ms' ? ' | ' : '; '}${length}`;
    }),
  ];
}
