import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentResult } from './experiment.js';
import { VEGA_LITE_SCHEMA } from './render-svg.js';

/** A run faster than a microsecond is drawn at one. */
const FLOOR_MS = 0.001;

/**
 * Success rate and median time per strategy (and swept value) side by side, for one board size; for a size
 * sweep, median time against n on log scales, one line a strategy, beside the success rates. A median time not
 * reached (most runs unsolved) has no bar or point.
 */
export function summaryChart(result: ExperimentResult): TopLevelSpec {
  const values = result.rows.map((r) => ({
    cell: r.label,
    n: r.n,
    success: 100 * r.successRate,
    ...(Number.isFinite(r.timeMs.median) ? { time: Math.max(r.timeMs.median, FLOOR_MS) } : {}),
  }));
  const times = values.flatMap((v) => (v.time !== undefined ? [v.time] : []));
  const { piece, runs, sizes } = result.spec;
  const labels = [...new Set(result.rows.map((r) => r.label))];
  const title = `${piece}: ${runs} seeded runs per strategy`;
  const cell = { field: 'cell', type: 'nominal' as const, title: 'strategy' };
  if (sizes.length === 1) {
    const x = { ...cell, sort: labels, axis: { labelAngle: labels.some((l) => l.length > 14) ? -30 : 0 } };
    const width = Math.max(220, 95 * labels.length);
    // Bars on a log scale need a floor to stand on: the power of ten at or below the fastest median…
    const base = 10 ** Math.floor(Math.log10(Math.min(...times, 1)));
    // …and a ceiling above the slowest, so its bar does not run into the top edge.
    const top = 10 ** Math.ceil(Math.log10(Math.max(...times, 1)) + 1e-9);
    return {
      $schema: VEGA_LITE_SCHEMA,
      title: `${title}, ${sizes[0]}×${sizes[0]}`,
      data: { values },
      hconcat: [
        {
          width,
          height: 220,
          mark: { type: 'bar', tooltip: true },
          encoding: { x, y: { field: 'success', type: 'quantitative', title: 'success rate (%)', scale: { domain: [0, 100] } }, color: { ...cell, legend: null } },
        },
        {
          width,
          height: 220,
          transform: [{ filter: 'isValid(datum.time)' }],
          mark: { type: 'bar', tooltip: true },
          encoding: {
            x,
            y: { field: 'time', type: 'quantitative', title: 'median time per run (ms, log)', scale: { type: 'log', domain: [base, top] } },
            y2: { datum: base },
            color: { ...cell, legend: null },
          },
        },
      ],
    };
  }
  const n = {
    field: 'n',
    type: 'quantitative' as const,
    title: 'n (board n×n, log)',
    scale: { type: 'log' as const, base: 2, domain: [Math.min(...sizes), Math.max(...sizes)] },
    axis: { values: [...sizes], format: 'd' },
  };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: `${title}, n = ${sizes.join(', ')}`,
    data: { values },
    hconcat: [
      {
        width: 300,
        height: 240,
        transform: [{ filter: 'isValid(datum.time)' }],
        mark: { type: 'line', point: true, tooltip: true },
        encoding: { x: n, y: { field: 'time', type: 'quantitative', title: 'median time per run (ms, log)', scale: { type: 'log' } }, color: cell },
      },
      {
        width: 300,
        height: 240,
        mark: { type: 'line', point: true, tooltip: true },
        encoding: { x: n, y: { field: 'success', type: 'quantitative', title: 'success rate (%)', scale: { domain: [0, 100] } }, color: cell },
      },
    ],
  };
}
