import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentResult } from './experiment.js';
import { renderSvg } from './render-svg.js';
import type { Plan } from './plan.js';
import type { ExperimentSpec } from './spec.js';
import { ecdfChart } from './ecdf-chart.js';
import { rtdChart } from './rtd-chart.js';
import { summaryChart } from './summary-chart.js';
import { sweepChart } from './sweep-chart.js';

/**
 * `rtd`: run-time distributions over steps; `rtd-time`: the same over time; `sweep`: success rate and median
 * steps against a swept option; `summary`: success rate and median time per strategy (time against n for sizes);
 * `ecdf`: fixed-target run-time ECDFs, a panel per quality target, of the strategies that record their quality.
 */
export const CHART_KINDS = ['rtd', 'rtd-time', 'sweep', 'summary', 'ecdf'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/**
 * The chart an experiment gets unless asked: run-time distributions where runs race to one answer (the way to
 * compare stochastic search; in moves, or a panel per unit, when the strategies count steps in different units), time against n for a size sweep, and the summary where every run gives an answer
 * of its own kind (minimum, counts).
 */
export function defaultChartKind(result: ExperimentResult): ChartKind {
  if (result.spec.goal !== 'one' || result.spec.problem === 'dominate') return 'summary';
  if (result.spec.sizes.length > 1 && !result.spec.sweep) return 'summary';
  // Steps, always (the same on any machine): moves where strategies of different units all count them, else a panel per unit.
  return 'rtd';
}

/** Why a chart of this kind cannot be drawn for this experiment (with its plan, the strategies' declarations too), or undefined when it can: known before any run. */
export function chartRefusal(spec: ExperimentSpec, kind: ChartKind, plan?: Plan): string | undefined {
  if (kind === 'sweep' && !spec.sweep) return 'a sweep chart needs a sweep (--sweep name=v1,v2,…)';
  if (kind === 'ecdf' && plan && !plan.cells.some((c) => c.quality !== undefined)) {
    return `an ecdf chart needs a strategy that records its quality as it runs (a local search such as min-conflicts); none of ${spec.strategies.join(', ')} does`;
  }
  return undefined;
}

export function chartSpec(result: ExperimentResult, kind: ChartKind = defaultChartKind(result)): TopLevelSpec {
  switch (kind) {
    case 'rtd':
      return rtdChart(result, 'steps');
    case 'rtd-time':
      return rtdChart(result, 'time');
    case 'sweep':
      return sweepChart(result);
    case 'summary':
      return summaryChart(result);
    case 'ecdf':
      return ecdfChart(result);
  }
}

/** The experiment's chart as SVG text. */
export async function chartSvg(result: ExperimentResult, kind?: ChartKind): Promise<string> {
  return renderSvg(chartSpec(result, kind));
}
