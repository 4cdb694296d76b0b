import type { Bezzel, OptionValue } from '@bezzel/core';
import { commonUnit, lengthMeasure, TICKS_TO_COMPARE, time, type CellRow, type ExperimentResult, type ExperimentSpec, type RunRecord } from '@bezzel/experiment';
import { el } from '../shared/dom.js';
import { rtdCharts, SERIES_COLOURS, type RtdMeasure } from './rtd-svg.js';

/**
 * Whether this result's times can be shown: only where the experiment package would compare them (its lengthMeasure
 * on time: every row's and its reference's median solved run at least TICKS_TO_COMPARE ticks of the clock they
 * were timed on; the browser rounds performance.now() to 0.1 ms or coarser). Otherwise, why not, in words.
 */
export function timesShown(result: ExperimentResult, resolutionMs: number): { readonly ok: true } | { readonly ok: false; readonly reason: string } {
  const { rows } = result;
  for (const row of rows) {
    const reference = rows.find((r) => r.n === row.n)!;
    const how = lengthMeasure(row, reference, runsOf(result, row), runsOf(result, reference), { on: 'time', clockResolutionMs: resolutionMs });
    if (how.unit !== undefined) continue;
    // The shorter of the two, in the page's words.
    const shortest = [row, reference].reduce((a, r) => (r.timeMs.median < a.timeMs.median ? r : a));
    const median = shortest.timeMs.median === Number.POSITIVE_INFINITY ? 'no median (most runs did not solve)' : `a median of ${time(shortest.timeMs.median)}`;
    return { ok: false, reason: `Times are not shown or compared: ${shortest.label}'s runs take ${median}, under ${TICKS_TO_COMPARE} ticks of this browser's clock (its resolution here is ${time(resolutionMs)}), so they would show the clock's rounding rather than the strategies. Steps are the same on every machine.` };
  }
  return { ok: true };
}

/**
 * The counter every row's runs report where the rows' step units differ (the moves of COMMON_COUNTERS, as the
 * experiment package's lengthMeasure chooses it), so the table can give it beside each row's own steps.
 */
export function sharedCounter(result: ExperimentResult): string | undefined {
  const { rows } = result;
  if (commonUnit(result) !== undefined || rows.length < 2) return undefined;
  const units = new Set<string>();
  for (const row of rows.slice(1)) {
    const how = lengthMeasure(row, rows[0]!, runsOf(result, row), runsOf(result, rows[0]!), { on: 'steps' });
    if (how.unit === undefined) return undefined;
    units.add(how.unit);
  }
  const [unit] = units;
  return units.size === 1 && unit !== undefined && rows.every((r) => r.extras[unit] && 'median' in r.extras[unit]!) ? unit : undefined;
}

/** A row's runs, as the experiment package's compareRows finds them. */
function runsOf(result: ExperimentResult, row: CellRow): RunRecord[] {
  return result.runs.filter((r) => r.strategy === row.strategy && r.n === row.n && JSON.stringify(r.params ?? {}) === JSON.stringify(row.params));
}

/**
 * Where the strategies of a comparison start from different placements (hill climbing from a random one,
 * min-conflicts from a greedy one), a note saying so: their steps are counted from different boards.
 */
export function startNotes(spec: ExperimentSpec, registry: Bezzel): string[] {
  const starts = spec.strategies.map((id) => {
    const declared = registry.strategy(id)?.meta.options?.initial;
    if (!declared) return undefined;
    const value: OptionValue | undefined = spec.strategyOptions?.[id]?.initial ?? spec.options?.initial ?? declared.info.default;
    return value === undefined ? undefined : { id, value: String(value) };
  }).filter((s): s is { id: string; value: string } => s !== undefined);
  if (new Set(starts.map((s) => s.value)).size <= 1) return [];
  return [`The strategies start differently: ${starts.map((s) => `${s.id} from a ${s.value} placement`).join(', ')} (each strategy's option initial). Their steps are counted from different boards; set the same initial placement for each to compare the searches alone.`];
}

/** A figure with its 95% interval beneath it, smaller. */
function estimate(value: string, interval: string): HTMLTableCellElement {
  return el('td', { class: 'num' }, value, el('span', { class: 'interval' }, interval));
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

export function figure(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (value === Number.POSITIVE_INFINITY) return '∞';
  return Number.isInteger(value) ? value.toLocaleString('en') : value.toLocaleString('en', { maximumFractionDigits: 1 });
}

/**
 * The comparison's table: each row's runs solved, success rate, median, mean and ERT in its own step unit (named
 * where the units differ), the moves they all count where the units differ and every run counts them, and the
 * median time only where times mean something (see timesShown).
 */
export function resultTable(result: ExperimentResult, showTimes: boolean): HTMLTableElement {
  const unit = commonUnit(result);
  const sides = result.spec.sizes.length > 1;
  const common = sharedCounter(result);
  // Where the units differ each cell names its own (12 moves, 31 repairs), and the heads say steps.
  const stepsWord = unit ?? 'steps';
  const heads = ['Strategy', ...(sides ? ['Side'] : []), 'Solved', 'Success rate', `Median ${stepsWord}`, `Mean ${stepsWord} (solved)`, `ERT (${stepsWord})`, ...(common ? [`Median ${common} (all runs)`] : []), ...(showTimes ? ['Median time'] : [])];
  const table = el(
    'table',
    { class: 'compare-table', id: 'compare-table' },
    el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { scope: 'col' }, h)))),
    el(
      'tbody',
      {},
      ...result.rows.map((row, i) => {
        const swatch = el('span', { class: 'swatch', style: `background:${SERIES_COLOURS[i % SERIES_COLOURS.length]}`, 'aria-hidden': 'true' });
        const own = unit ? '' : ` ${row.stepUnit}`;
        const shared = common ? (row.extras[common] as { median: number }) : undefined;
        return el(
          'tr',
          { 'data-strategy': row.strategy, 'data-n': String(row.n), 'data-runs': String(row.runs), 'data-solved': String(row.solved), 'data-median': String(row.steps.median), 'data-median-low': String(row.steps.low), 'data-median-high': String(row.steps.high), 'data-success-low': String(row.success.low), 'data-success-high': String(row.success.high), 'data-unit': row.stepUnit },
          el('th', { scope: 'row' }, swatch, ' ', row.label),
          ...(sides ? [el('td', {}, `${row.n}×${row.n}`)] : []),
          el('td', { class: 'num' }, `${row.solved} / ${row.runs}`),
          estimate(percent(row.successRate), `${percent(row.success.low)} – ${percent(row.success.high)}`),
          estimate(`${figure(row.steps.median)}${own}`, `${figure(row.steps.low)} – ${figure(row.steps.high)}`),
          Number.isNaN(row.stepsMean.mean) ? el('td', { class: 'num' }, '–') : estimate(`${figure(row.stepsMean.mean)}${own}`, `${figure(row.stepsMean.low)} – ${figure(row.stepsMean.high)}`),
          estimate(`${figure(row.stepsErt.ert)}${own}`, `${figure(row.stepsErt.low)} – ${figure(row.stepsErt.high)}`),
          ...(shared ? [el('td', { class: 'num' }, figure(shared.median))] : []),
          ...(showTimes ? [estimate(time(row.timeMs.median), `${time(row.timeMs.low)} – ${time(row.timeMs.high)}; longest ${time(row.timeMs.max)}`)] : []),
        );
      }),
    ),
  );
  // Each cell named by its column, for a phone's rows drawn one under another (style.css).
  for (const tr of Array.from(table.tBodies[0]!.rows)) {
    for (let k = 1; k < tr.cells.length; k++) tr.cells[k]!.dataset.label = heads[k]!;
  }
  return table;
}

/**
 * The run-time distributions as figures: one chart a unit (strategies whose steps differ and that count no moves
 * in common get a chart each), drawn at the box's width.
 */
export function resultCharts(result: ExperimentResult, measure: RtdMeasure, width: number): HTMLElement {
  const charts = rtdCharts(result, measure, width);
  const several = charts.length > 1;
  const unit = commonUnit(result);
  const moves = measure === 'steps' && unit === undefined && charts.length === 1 && charts[0]!.dataset.unit === 'moves';
  const caption = [
    `Run-time distributions: each curve rises by one run's share at the ${measure === 'steps' ? (several ? 'steps (each chart its own unit)' : (charts[0]!.dataset.unit ?? 'steps')) : 'time'} it solved in, and levels off at the share solved; the curve higher and further left is the better strategy at that budget.`,
    moves ? ` The strategies count different steps (${result.rows.map((r) => `${r.label}: ${r.stepUnit}`).join(', ')}), so they are drawn on the moves they all count.` : '',
    several ? ' Their steps are of different units, which share no axis: a chart each.' : '',
  ].join('');
  return el('figure', { class: 'rtd-figure' }, ...charts, el('figcaption', {}, caption));
}
