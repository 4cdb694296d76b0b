import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentResult } from './experiment.js';
import { labelOf } from './plan.js';
import { subjectOf } from './formats.js';
import { VEGA_LITE_SCHEMA } from './render-svg.js';
import type { RunRecord } from './runs.js';
import { CHART_CONFIG, seriesScales, wrapped } from './style.js';

/** What the x axis of a run-time distribution counts. */
export type RtdMeasure = 'steps' | 'time';

/** Log axes cannot show 0: a run of no steps is drawn at 1 step, one under a microsecond at 0.001 ms. */
const FLOOR: Readonly<Record<RtdMeasure, number>> = { steps: 1, time: 0.001 };

/**
 * Run-time distributions (Hoos & Stützle, Stochastic Local Search, 2004, ch. 4): for each strategy and swept
 * value, the fraction of its runs solved within x steps (or ms), against x on a log axis, as a step curve. A run
 * that did not solve never counts as solved (censored), so a curve levels off at the success rate; the curve to
 * the left and above is the better strategy at every budget where it is.
 */
/** How a run-time distribution reads each run: on which axis (its unit) and where on it. */
export interface RtdAxis {
  /** The x axis a run goes on: its strategy's step unit, `moves`, or `time (ms)`. */
  readonly unitOf: (run: RunRecord) => string;
  /** The run's length on that axis (not floored). */
  readonly lengthOf: (run: RunRecord) => number;
  /** Every strategy's runs are on the moves axis, their own step units differing. */
  readonly moves: boolean;
  /** Each strategy's own step unit. */
  readonly units: ReadonlyMap<string, string>;
}

/**
 * The axes of a run-time distribution: on time, one (ms); on steps, each strategy's own unit, except that where the
 * units differ, a strategy whose every run counts moves goes on a common moves axis (COMMON_COUNTERS). Steps of
 * different units never share an axis. The command line's chart and the web page's read runs through this.
 */
export function rtdAxis(result: ExperimentResult, measure: RtdMeasure = 'steps'): RtdAxis {
  const units = new Map(result.rows.map((r) => [r.strategy, r.stepUnit]));
  const distinct = [...new Set(units.values())];
  const countsMoves = new Set([...units.keys()].filter((id) => result.runs.filter((r) => r.strategy === id).every((r) => typeof r.extra?.moves === 'number')));
  const inMoves = (run: RunRecord) => measure === 'steps' && distinct.length > 1 && countsMoves.has(run.strategy);
  return {
    unitOf: (run) => (measure === 'time' ? 'time (ms)' : inMoves(run) ? 'moves' : (units.get(run.strategy) ?? 'steps')),
    lengthOf: (run) => (measure === 'time' ? run.timeMs : inMoves(run) ? (run.extra!.moves as number) : run.steps),
    moves: measure === 'steps' && distinct.length > 1 && countsMoves.size === units.size,
    units,
  };
}

export function rtdChart(result: ExperimentResult, measure: RtdMeasure = 'steps'): TopLevelSpec {
  const several = result.spec.sizes.length > 1;
  // Steps of different units never share an axis: a strategy whose every run counts moves goes on the moves axis,
  // the others each on their own unit's (a panel per unit when there is more than one).
  const { unitOf, lengthOf, moves, units } = rtdAxis(result, measure);
  const groups = new Map<string, RunRecord[]>();
  for (const run of result.runs) {
    const series = `${labelOf(run.strategy, run.params ?? {})}${several ? `, ${run.n}×${run.n}` : ''}`;
    const list = groups.get(series) ?? [];
    if (list.length === 0) groups.set(series, list);
    list.push(run);
  }
  const valueOf = (r: RunRecord) => Math.max(lengthOf(r), FLOOR[measure]);
  // Each unit its own x range (one panel each when they differ).
  const edges = new Map<string, { left: number; right: number }>();
  for (const unit of new Set(result.runs.map(unitOf))) {
    const solvedValues = result.runs.filter((r) => r.solved && unitOf(r) === unit).map(valueOf);
    const left = 10 ** Math.floor(Math.log10(Math.min(...solvedValues, FLOOR[measure] * 10)));
    edges.set(unit, { left, right: 10 ** Math.ceil(Math.log10(Math.max(...solvedValues, left * 10)) + 1e-9) });
  }
  // A marker every so often along each curve, so curves that cross or overlap stay apart in print.
  const every = Math.max(1, Math.ceil(Math.max(...[...groups.values()].map((runs) => runs.length)) / 8));
  const values = [...groups].flatMap(([series, runs]) => {
    const unit = unitOf(runs[0]!);
    const { left, right } = edges.get(unit)!;
    const solved = runs.filter((r) => r.solved).map(valueOf).sort((a, b) => a - b);
    // From 0 at the left edge, up a step at each solved run, and on to the right edge at the success rate.
    const points = [{ x: left, fraction: 0 }, ...solved.map((x, j) => ({ x, fraction: (j + 1) / runs.length })), { x: right, fraction: solved.length / runs.length }];
    return points.map((p, order) => ({ series, unit, order, ...p, ...(order > 0 && order <= solved.length && order % every === 0 ? { marker: true } : {}) }));
  });
  const panels = [...edges.keys()];
  const scales = seriesScales([...groups.keys()]);
  const series = (scale: object) => ({ field: 'series', type: 'nominal' as const, title: 'strategy', sort: [...groups.keys()], scale, legend: { labelLimit: 400, orient: 'bottom' as const, direction: 'vertical' as const } });
  const layer = [
    { mark: { type: 'line' as const, interpolate: 'step-after' as const, tooltip: true, strokeWidth: 2 }, encoding: { strokeDash: series(scales.strokeDash), order: { field: 'order', type: 'quantitative' as const } } },
    { transform: [{ filter: 'datum.marker' }], mark: { type: 'point' as const, filled: true, size: 50 }, encoding: { shape: series(scales.shape) } },
  ];
  const y = { field: 'fraction', type: 'quantitative' as const, title: 'fraction of runs solved', scale: { domain: [0, 1] } };
  const title = {
    text: wrapped([`Run-time distributions: ${subjectOf(result.spec)}, ${result.spec.runs} runs each`], panels.length > 1 ? Math.min(panels.length, 2) * 300 : 440, 10),
    subtitle: wrapped([
      'fraction of runs solved within x; runs that did not solve never count',
      ...(moves ? [`x in moves, which every strategy here counts (their own steps differ: ${[...units].map(([s, u]) => `${s} ${u}`).join(', ')})`] : []),
      ...(panels.length > 1 ? ["a panel per unit: each strategy's steps are its own, and different units share no axis"] : []),
    ], panels.length > 1 ? Math.min(panels.length, 2) * 300 : 440),
    anchor: 'start' as const,
  };
  if (panels.length === 1) {
    const { left, right } = edges.get(panels[0]!)!;
    return {
      $schema: VEGA_LITE_SCHEMA,
      title,
      config: CHART_CONFIG,
      width: 480,
      height: 300,
      data: { values },
      encoding: { x: { field: 'x', type: 'quantitative', title: `${panels[0]} to solve (log)`, scale: { type: 'log', domain: [left, right] } }, y, color: series(scales.color) },
      layer,
    };
  }
  return {
    $schema: VEGA_LITE_SCHEMA,
    title,
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'unit', type: 'nominal', title: null, sort: panels },
    columns: Math.min(panels.length, 2),
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 300,
      height: 220,
      encoding: { x: { field: 'x', type: 'quantitative', title: 'to solve (log)', scale: { type: 'log', nice: false } }, y, color: series(scales.color) },
      layer,
    },
  };
}
