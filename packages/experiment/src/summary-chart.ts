import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentResult } from './experiment.js';
import { VEGA_LITE_SCHEMA } from './render-svg.js';
import { CHART_CONFIG, seriesScales } from './style.js';

/** A run faster than a microsecond is drawn at one. */
const FLOOR_MS = 0.001;

/**
 * Success rate (with its Wilson interval) and median time (with its bootstrap interval) per strategy and swept
 * value, as points with whiskers, for one board size; for a size sweep, the same against n on log scales, one
 * line a strategy, each strategy's points moved a little sideways so that none hides another. A median time not
 * reached (most runs unsolved) has no point, and a whisker that reaches ∞ runs to the top of its panel; a panel
 * with nothing to show (no median reached anywhere) is left out.
 */
export function summaryChart(result: ExperimentResult): TopLevelSpec {
  const labels = [...new Set(result.rows.map((r) => r.label))];
  const { piece, runs, sizes } = result.spec;
  const finiteTimes = result.rows.flatMap((r) => [r.timeMs.median, r.timeMs.low, r.timeMs.high].filter(Number.isFinite));
  const top = Math.max(...finiteTimes, FLOOR_MS) * 3;
  const several = sizes.length > 1;
  // Sideways offsets for a size sweep: a few percent of n each side, in the order of the strategies.
  const spread = labels.length > 1 ? 0.06 / (labels.length - 1) : 0;
  const values = result.rows.map((r) => {
    const i = labels.indexOf(r.label);
    return {
      cell: r.label,
      n: r.n,
      nx: several ? r.n * Math.exp((i - (labels.length - 1) / 2) * spread) : r.n,
      success: 100 * r.successRate,
      successLow: 100 * r.success.low,
      successHigh: 100 * r.success.high,
      ...(Number.isFinite(r.timeMs.median) ? { time: Math.max(r.timeMs.median, FLOOR_MS), timeLow: Math.max(r.timeMs.low, FLOOR_MS), timeHigh: Math.min(Math.max(r.timeMs.high, FLOOR_MS), top) } : {}),
    };
  });
  const scales = seriesScales(labels);
  const cell = (scale: object, legend: object | null = null) => ({ field: 'cell', type: 'nominal' as const, title: 'strategy', sort: labels, scale, legend });
  const title = `${piece}: ${runs} seeded runs per strategy${several ? `, n = ${sizes.join(', ')}` : `, ${sizes[0]}×${sizes[0]}`}`;
  const subtitle = 'whiskers: 95% intervals (Wilson for success; bootstrap of the median time); a median not reached has no point';
  const x = several
    ? { field: 'nx', type: 'quantitative' as const, title: 'n (board n×n, log)', scale: { type: 'log' as const, base: 2, domain: [Math.min(...sizes) * 0.9, Math.max(...sizes) * 1.1] }, axis: { values: [...sizes], format: 'd' } }
    : { field: 'cell', type: 'nominal' as const, title: 'strategy', sort: labels, axis: { labelAngle: labels.some((l) => l.length > 14) ? -30 : 0 } };
  const width = several ? 320 : Math.max(220, 90 * labels.length);
  const legend = { labelLimit: 400 };
  const panel = (y: string, low: string, high: string, axisTitle: string, scale: object, filter?: string) => ({
    width,
    height: 240,
    ...(filter ? { transform: [{ filter }] } : {}),
    encoding: { x, color: cell(scales.color, legend) },
    layer: [
      ...(several ? [{ mark: { type: 'line' as const, strokeWidth: 1.5 }, encoding: { y: { field: y, type: 'quantitative' as const, title: axisTitle, scale }, strokeDash: cell(scales.strokeDash, legend) } }] : []),
      { mark: { type: 'errorbar' as const, ticks: { size: 6 }, thickness: 1.5 }, encoding: { y: { field: low, type: 'quantitative' as const, title: axisTitle, scale }, y2: { field: high } } },
      { mark: { type: 'point' as const, filled: true, size: 70, tooltip: true }, encoding: { y: { field: y, type: 'quantitative' as const, title: axisTitle, scale }, shape: cell(scales.shape, legend) } },
    ],
  });
  const successPanel = panel('success', 'successLow', 'successHigh', 'success rate (%)', { domain: [0, 100] });
  const timePanel = panel('time', 'timeLow', 'timeHigh', 'median time per run (ms, log)', { type: 'log' }, 'isValid(datum.time)');
  const panels = values.some((v) => v.time !== undefined) ? (several ? [timePanel, successPanel] : [successPanel, timePanel]) : [successPanel];
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: title, subtitle },
    config: CHART_CONFIG,
    data: { values },
    hconcat: panels,
    resolve: { scale: { color: 'shared', shape: 'shared' } },
  } as TopLevelSpec;
}
