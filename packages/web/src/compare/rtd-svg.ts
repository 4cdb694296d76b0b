import type { ExperimentResult, RunRecord } from '@bezzel/experiment';
import { svgEl } from '../shared/dom.js';

/** What the x axis counts: the strategies' steps, or milliseconds. */
export type RtdMeasure = 'steps' | 'time';

/** Series colours (Okabe–Ito), told apart by colour-blind readers too; a dash pattern for each as well. */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#f0e442'] as const;
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'] as const;

/** A series of the chart: one cell (strategy, swept values, size) and its runs. */
export interface RtdSeries {
  readonly label: string;
  readonly runs: readonly RunRecord[];
}

/** The runs of each row of the result, labelled as the table labels them (with the size when there are several). */
export function seriesOf(result: ExperimentResult): RtdSeries[] {
  const several = new Set(result.rows.map((r) => r.n)).size > 1;
  return result.rows.map((row) => ({
    label: `${row.label}${several ? `, ${row.n}×${row.n}` : ''}`,
    runs: result.runs.filter((r) => r.strategy === row.strategy && r.n === row.n && JSON.stringify(r.params ?? {}) === JSON.stringify(row.params)),
  }));
}

/**
 * Run-time distributions as the CLI's `--chart rtd` draws them (Hoos & Stützle): for each series the share of its
 * runs solved within x steps (or ms), on a log axis, a step curve that levels off at the success rate; runs that
 * did not solve never count. Axes with titles, a legend, each curve its own colour and dash.
 */
export function rtdSvg(series: readonly RtdSeries[], measure: RtdMeasure, unit: string): SVGSVGElement {
  const W = 640;
  const H = 300;
  const m = { left: 58, right: 16, top: 16, bottom: 48 };
  const legendRows = Math.ceil(series.length / 3);
  const height = H + legendRows * 20;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${height}`, class: 'rtd', role: 'img' });
  const floor = measure === 'steps' ? 1 : 0.001;
  const value = (r: RunRecord) => Math.max(measure === 'steps' ? r.steps : r.timeMs, floor);
  const solved = series.flatMap((s) => s.runs.filter((r) => r.solved).map(value));
  const left = 10 ** Math.floor(Math.log10(Math.min(...solved, floor * 10)));
  const right = 10 ** Math.ceil(Math.log10(Math.max(...solved, left * 10)) + 1e-9);
  const x = (v: number) => m.left + ((Math.log10(v) - Math.log10(left)) / (Math.log10(right) - Math.log10(left))) * (W - m.left - m.right);
  const y = (f: number) => H - m.bottom - f * (H - m.top - m.bottom);
  const title = measure === 'steps' ? `${unit} to solve (log scale)` : 'time to solve, ms (log scale)';
  svg.append(Object.assign(svgEl('title'), { textContent: `Run-time distribution: the share of runs solved within so many ${measure === 'steps' ? unit : 'milliseconds'}` }));
  // Grid and ticks: each power of ten on x, every 20% on y.
  for (let p = Math.log10(left); p <= Math.log10(right) + 1e-9; p++) {
    const v = 10 ** p;
    svg.append(svgEl('line', { x1: x(v), x2: x(v), y1: y(0), y2: y(1), class: 'grid' }));
    svg.append(Object.assign(svgEl('text', { x: x(v), y: y(0) + 16, class: 'tick', 'text-anchor': 'middle' }), { textContent: v >= 1 ? v.toLocaleString('en') : String(v) }));
  }
  for (let f = 0; f <= 1.0001; f += 0.2) {
    svg.append(svgEl('line', { x1: m.left, x2: W - m.right, y1: y(f), y2: y(f), class: 'grid' }));
    svg.append(Object.assign(svgEl('text', { x: m.left - 6, y: y(f) + 4, class: 'tick', 'text-anchor': 'end' }), { textContent: `${Math.round(f * 100)}%` }));
  }
  svg.append(svgEl('line', { x1: m.left, x2: W - m.right, y1: y(0), y2: y(0), class: 'axis' }));
  svg.append(svgEl('line', { x1: m.left, x2: m.left, y1: y(0), y2: y(1), class: 'axis' }));
  svg.append(Object.assign(svgEl('text', { x: (m.left + W - m.right) / 2, y: H - 10, class: 'axis-title', 'text-anchor': 'middle' }), { textContent: title }));
  svg.append(Object.assign(svgEl('text', { x: 14, y: (m.top + H - m.bottom) / 2, class: 'axis-title', 'text-anchor': 'middle', transform: `rotate(-90 14 ${(m.top + H - m.bottom) / 2})` }), { textContent: 'runs solved' }));
  series.forEach((s, i) => {
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length]!;
    const dash = DASHES[i % DASHES.length]!;
    const values = s.runs.filter((r) => r.solved).map(value).sort((a, b) => a - b);
    const n = s.runs.length || 1;
    let d = `M${x(left)},${y(0)}`;
    values.forEach((v, j) => {
      d += ` H${x(v).toFixed(1)} V${y((j + 1) / n).toFixed(1)}`;
    });
    d += ` H${x(right)}`;
    svg.append(svgEl('path', { d, class: 'curve', stroke: colour, 'stroke-dasharray': dash, 'data-series': s.label }));
    const lx = m.left + (i % 3) * ((W - m.left) / 3);
    const ly = H + 4 + Math.floor(i / 3) * 20;
    svg.append(svgEl('line', { x1: lx, x2: lx + 26, y1: ly + 6, y2: ly + 6, stroke: colour, 'stroke-width': 3, 'stroke-dasharray': dash }));
    svg.append(Object.assign(svgEl('text', { x: lx + 32, y: ly + 10, class: 'legend' }), { textContent: `${s.label} (${values.length}/${s.runs.length} solved)` }));
  });
  return svg;
}
