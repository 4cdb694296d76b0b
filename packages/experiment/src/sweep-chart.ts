import type { OptionValue } from '@bezzel/core';
import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentResult } from './experiment.js';
import { labelOf } from './plan.js';
import { subjectOf } from './formats.js';
import { VEGA_LITE_SCHEMA } from './render-svg.js';
import { CHART_CONFIG, seriesScales } from './style.js';

/**
 * A parameter sweep: success rate (with its Wilson interval) and median steps (with its bootstrap interval)
 * against the first swept option's value, one line per strategy (and other swept value, and size). Strategies
 * that do not declare the option are baselines: a dashed rule at their figure. A median not reached is left out,
 * and an interval that reaches ∞ is drawn to the top of the panel.
 */
export function sweepChart(result: ExperimentResult): TopLevelSpec {
  const [option] = Object.keys(result.spec.sweep ?? {});
  if (option === undefined) throw new RangeError('a sweep chart needs a sweep');
  const several = result.spec.sizes.length > 1;
  const seriesOf = (strategy: string, params: Readonly<Record<string, OptionValue>>, n: number) => {
    const rest = Object.fromEntries(Object.entries(params).filter(([name]) => name !== option));
    return `${labelOf(strategy, rest)}${several ? `, ${n}×${n}` : ''}`;
  };
  const finite = result.rows.flatMap((r) => [r.steps.median, r.steps.low, r.steps.high].filter(Number.isFinite));
  const top = Math.max(...finite, 1) * 2;
  const values = result.rows.map((r) => ({
    series: seriesOf(r.strategy, r.params, r.n),
    ...(option in r.params ? { value: r.params[option] } : {}),
    success: 100 * r.successRate,
    successLow: 100 * r.success.low,
    successHigh: 100 * r.success.high,
    ...(Number.isFinite(r.steps.median) ? { steps: Math.max(r.steps.median, 1) } : {}),
    stepsLow: Math.max(Math.min(r.steps.low, top), 1),
    stepsHigh: Math.max(Math.min(r.steps.high, top), 1),
  }));
  const swept = values.filter((v) => v.value !== undefined).map((v) => v.value!);
  const numeric = swept.every((v) => typeof v === 'number');
  const positive = numeric && swept.every((v) => (v as number) > 0);
  const wide = positive && Math.max(...(swept as number[])) / Math.min(...(swept as number[])) >= 10;
  const x = numeric
    ? { field: 'value', type: 'quantitative' as const, title: `${option}${wide ? ' (log)' : ''}`, scale: wide ? { type: 'log' as const } : { zero: false }, axis: { values: [...new Set(swept as number[])] } }
    : { field: 'value', type: 'ordinal' as const, title: option, sort: [...new Set(swept.map(String))] };
  const names = [...new Set(values.map((v) => v.series))];
  const scales = seriesScales(names);
  const color = { field: 'series', type: 'nominal' as const, title: 'strategy', sort: names, scale: scales.color, legend: { labelLimit: 400 } };
  const shape = { ...color, scale: scales.shape };
  const onSweep = { filter: 'isValid(datum.value)' };
  const baseline = { filter: '!isValid(datum.value)' };
  const panel = (y: string, low: string, high: string, title: string, log: boolean) => {
    const scale = log ? { type: 'log' as const } : { domain: [0, 100] };
    return {
      width: 300,
      height: 240,
      layer: [
        { transform: [onSweep, { filter: `isValid(datum.${y})` }], mark: { type: 'line' as const, tooltip: true }, encoding: { x, y: { field: y, type: 'quantitative' as const, title, scale }, color } },
        { transform: [onSweep, { filter: `isValid(datum.${y})` }], mark: { type: 'point' as const, filled: true, size: 60 }, encoding: { x, y: { field: y, type: 'quantitative' as const, title, scale }, color, shape } },
        // A whisker only where its median is drawn: an interval around a point that is not there reads as a stray mark.
        { transform: [onSweep, { filter: `isValid(datum.${y})` }], mark: { type: 'errorbar' as const, ticks: true }, encoding: { x, y: { field: low, type: 'quantitative' as const, title, scale }, y2: { field: high }, color } },
        { transform: [baseline, { filter: `isValid(datum.${y})` }], mark: { type: 'rule' as const, strokeDash: [4, 3] }, encoding: { y: { field: y, type: 'quantitative' as const, title, scale }, color } },
      ],
    };
  };
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `Sweep of ${option}: ${subjectOf(result.spec)}, ${result.spec.runs} runs each`, subtitle: 'whiskers: 95% intervals (Wilson; bootstrap of the median); a median not reached is left out; dashed: strategies without the option' },
    config: CHART_CONFIG,
    data: { values },
    hconcat: [panel('success', 'successLow', 'successHigh', 'success rate (%)', false), panel('steps', 'stepsLow', 'stepsHigh', 'median steps to solve (log)', true)],
  };
}
