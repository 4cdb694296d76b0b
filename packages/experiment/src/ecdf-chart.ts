import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentResult } from './experiment.js';
import { qualityViews } from './fixed-target.js';
import { subjectOf } from './formats.js';
import { VEGA_LITE_SCHEMA } from './render-svg.js';
import { CHART_CONFIG, seriesScales, wrapped } from './style.js';

/** A log axis cannot show 0: a target reached at the start (step 0) is drawn at step 1. */
const FLOOR = 1;

/**
 * Fixed-target run-time ECDFs (COCO, IOHprofiler): a panel per target, worst first and 0 (solved) last, each with a
 * step curve per strategy and value — the share of its runs whose best quality was at the target or better within x
 * steps, against x on a log axis. A run that never reached a target never counts for it (censored), so a curve levels
 * off at the share that did; the panel of target 0 is the run-time distribution. With several sizes, a row of
 * panels per size (each size its own targets). Rows whose strategy records no quality are left out, and the subtitle says which.
 */
export function ecdfChart(result: ExperimentResult): TopLevelSpec {
  const quality = result.quality ?? qualityViews(result.rows, result.runs);
  const several = result.spec.sizes.length > 1;
  const seriesOf = (label: string, n: number) => `${label}${several ? `, ${n}×${n}` : ''}`;
  const left = FLOOR;
  const series = quality.views.flatMap((v) => v.rows.map((r) => seriesOf(r.label, v.n)));
  // One panel per size and target, a size's panels in a row (one wrapped facet: sizes may have different targets).
  const panel = (n: number, target: number) => `${several ? `${n}×${n}: ` : ''}${target === 0 ? '= 0 (solved)' : `≤ ${target}`}`;
  const panels = quality.views.flatMap((v) => v.targets.map((t) => panel(v.n, t)));
  const columns = Math.max(1, ...quality.views.map((v) => v.targets.length));
  const runsEach = Math.max(1, ...quality.views.flatMap((v) => v.rows.map((r) => r.runs)));
  const every = Math.max(1, Math.ceil(runsEach / 8));
  // Each panel its own x range, up to the decade past its longest run: an easy target is not squeezed to the left.
  const rightOf = new Map<string, number>();
  for (const view of quality.views) {
    for (const target of view.targets) {
      const efforts = view.rows.flatMap((r) => r.targets.filter((t) => t.target === target).flatMap((t) => t.points.map((p) => Math.max(p.effort, FLOOR))));
      rightOf.set(panel(view.n, target), 10 ** Math.ceil(Math.log10(Math.max(...efforts, 10)) + 1e-9));
    }
  }
  const values = quality.views.flatMap((view) =>
    view.rows.flatMap((row) =>
      row.targets.flatMap((ecdf) => {
        const right = rightOf.get(panel(view.n, ecdf.target))!;
        const steps = [{ x: left, fraction: 0 }, ...ecdf.points.map((p) => ({ x: Math.max(p.effort, FLOOR), fraction: p.fraction })), { x: right, fraction: ecdf.reached / row.runs }];
        return steps.map((p, order) => ({
          series: seriesOf(row.label, view.n),
          panel: panel(view.n, ecdf.target),
          order,
          ...p,
          ...(order > 0 && order <= ecdf.points.length && order % every === 0 ? { marker: true } : {}),
        }));
      }),
    ),
  );
  const measure = quality.views[0]?.measure ?? 'quality';
  const units = [...new Set(quality.views.flatMap((v) => v.rows.map((r) => `${r.label} ${r.stepUnit}`)))];
  const unitWords = new Set(quality.views.flatMap((v) => v.rows.map((r) => r.stepUnit)));
  const xTitle = unitWords.size === 1 ? `${[...unitWords][0]} (log)` : 'steps (log)';
  const absent = quality.absent.map((a) => a.label);
  const scales = seriesScales(series);
  const encode = (scale: object) => ({ field: 'series', type: 'nominal' as const, title: 'strategy', sort: series, scale, legend: { labelLimit: 400 } });
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: wrapped([`Fixed-target run-time ECDFs: ${subjectOf(result.spec)}, ${result.spec.runs} runs each`], columns * 170, 10),
      subtitle: wrapped([
        `share of runs whose best ${measure} so far was at the target or better within x; runs that never got there never count; the start (step 0) is drawn at 1`,
        ...(unitWords.size > 1 ? [`steps are each strategy's own: ${units.join(', ')}`] : []),
        ...(absent.length > 0 ? [`not shown (no quality recorded): ${[...new Set(absent)].join(', ')}`] : []),
      ], columns * 170),
    },
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'panel', type: 'nominal', title: `${measure} target${several ? ', by board' : ''}`, sort: panels },
    columns,
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 170,
      height: 170,
      encoding: {
        x: { field: 'x', type: 'quantitative', title: xTitle, scale: { type: 'log', nice: false } },
        y: { field: 'fraction', type: 'quantitative', title: 'fraction of runs', scale: { domain: [0, 1] } },
        color: encode(scales.color),
      },
      layer: [
        { mark: { type: 'line', interpolate: 'step-after', tooltip: true, strokeWidth: 2 }, encoding: { strokeDash: encode(scales.strokeDash), order: { field: 'order', type: 'quantitative' } } },
        { transform: [{ filter: 'datum.marker' }], mark: { type: 'point', filled: true, size: 50 }, encoding: { shape: encode(scales.shape) } },
      ],
    },
  };
}
