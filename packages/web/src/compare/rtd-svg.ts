import { rtdAxis, type ExperimentResult, type RtdAxis, type RunRecord } from '@bezzel/experiment';
import { svgEl } from '../shared/dom.js';

/** What the x axis counts: the strategies' steps, or milliseconds. */
export type RtdMeasure = 'steps' | 'time';

/** Series colours (Okabe–Ito), told apart by colour-blind readers too; a dash pattern for each as well. */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#f0e442'] as const;
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4'] as const;
/** Pixels a legend line takes, and the height of a chart's plot and axes without it. */
const LEGEND_LINE = 20;
const PLOT_HEIGHT = 250;

/** A series of the chart: one cell (strategy, swept values, size) and its runs. */
export interface RtdSeries {
  readonly label: string;
  /** Its colour and dash: the table's swatch for the row. */
  readonly index: number;
  readonly runs: readonly RunRecord[];
}

/** The runs of each row of the result, labelled as the table labels them (with the size when there are several). */
export function seriesOf(result: ExperimentResult): RtdSeries[] {
  const several = new Set(result.rows.map((r) => r.n)).size > 1;
  return result.rows.map((row, index) => ({
    label: `${row.label}${several ? `, ${row.n}×${row.n}` : ''}`,
    index,
    runs: result.runs.filter((r) => r.strategy === row.strategy && r.n === row.n && JSON.stringify(r.params ?? {}) === JSON.stringify(row.params)),
  }));
}

/**
 * Run-time distributions as the CLI's chart draws them (Hoos & Stützle): for each series the share of its runs solved
 * within x steps (or ms), on a log axis, a step curve that levels off at the success rate; runs that did not solve
 * never count. The axes are the experiment package's (`rtdAxis`): strategies whose step units differ are drawn on the
 * moves they all count, or each on a chart of its own unit — never mixed on one axis. `width` is the box's width in
 * pixels, so the text is drawn at its size (a phone's chart as legible as a laptop's); the legend is a line a series,
 * so no two labels meet.
 */
export function rtdCharts(result: ExperimentResult, measure: RtdMeasure, width: number): SVGSVGElement[] {
  const axis = rtdAxis(result, measure);
  const series = seriesOf(result);
  const byUnit = new Map<string, RtdSeries[]>();
  for (const s of series) {
    const unit = s.runs[0] ? axis.unitOf(s.runs[0]) : 'steps';
    byUnit.set(unit, [...(byUnit.get(unit) ?? []), s]);
  }
  return [...byUnit].map(([unit, list]) => rtdSvg(list, axis, unit, measure, width));
}

function rtdSvg(series: readonly RtdSeries[], axis: RtdAxis, unit: string, measure: RtdMeasure, width: number): SVGSVGElement {
  const W = Math.max(300, Math.min(720, Math.round(width)));
  const H = PLOT_HEIGHT;
  const m = { left: 54, right: 14, top: 14, bottom: 46 };
  const height = H + series.length * LEGEND_LINE + 6;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${height}`, width: W, height, class: 'rtd', role: 'img', 'data-unit': unit });
  const floor = measure === 'steps' ? 1 : 0.001;
  const value = (r: RunRecord) => Math.max(axis.lengthOf(r), floor);
  const solved = series.flatMap((s) => s.runs.filter((r) => r.solved).map(value));
  const left = 10 ** Math.floor(Math.log10(Math.min(...solved, floor * 10)));
  const right = 10 ** Math.ceil(Math.log10(Math.max(...solved, left * 10)) + 1e-9);
  const x = (v: number) => m.left + ((Math.log10(v) - Math.log10(left)) / (Math.log10(right) - Math.log10(left))) * (W - m.left - m.right);
  const y = (f: number) => H - m.bottom - f * (H - m.top - m.bottom);
  const title = measure === 'steps' ? `${unit} to solve (log scale)` : 'time to solve, ms (log scale)';
  svg.append(Object.assign(svgEl('title'), { textContent: `Run-time distribution: the share of runs solved within so many ${measure === 'steps' ? unit : 'milliseconds'}` }));
  // Grid and ticks: each power of ten on x (every other one when they would crowd), every 20% on y.
  const decades = Math.round(Math.log10(right) - Math.log10(left));
  const stride = (W - m.left - m.right) / decades < 46 ? 2 : 1;
  for (let p = Math.log10(left), k = 0; p <= Math.log10(right) + 1e-9; p++, k++) {
    const v = 10 ** p;
    svg.append(svgEl('line', { x1: x(v), x2: x(v), y1: y(0), y2: y(1), class: 'grid' }));
    // The last label ends at the plot's edge rather than past the chart's.
    const last = p + 1 > Math.log10(right) + 1e-9;
    if (k % stride === 0) svg.append(Object.assign(svgEl('text', { x: x(v), y: y(0) + 16, class: 'tick', 'text-anchor': last ? 'end' : 'middle' }), { textContent: v >= 1 ? v.toLocaleString('en') : String(v) }));
  }
  for (let f = 0; f <= 1.0001; f += 0.2) {
    svg.append(svgEl('line', { x1: m.left, x2: W - m.right, y1: y(f), y2: y(f), class: 'grid' }));
    svg.append(Object.assign(svgEl('text', { x: m.left - 6, y: y(f) + 4, class: 'tick', 'text-anchor': 'end' }), { textContent: `${Math.round(f * 100)}%` }));
  }
  svg.append(svgEl('line', { x1: m.left, x2: W - m.right, y1: y(0), y2: y(0), class: 'axis' }));
  svg.append(svgEl('line', { x1: m.left, x2: m.left, y1: y(0), y2: y(1), class: 'axis' }));
  svg.append(Object.assign(svgEl('text', { x: (m.left + W - m.right) / 2, y: H - 12, class: 'axis-title', 'text-anchor': 'middle' }), { textContent: title }));
  svg.append(Object.assign(svgEl('text', { x: 14, y: (m.top + H - m.bottom) / 2, class: 'axis-title', 'text-anchor': 'middle', transform: `rotate(-90 14 ${(m.top + H - m.bottom) / 2})` }), { textContent: 'runs solved' }));
  series.forEach((s, i) => {
    const colour = SERIES_COLOURS[s.index % SERIES_COLOURS.length]!;
    const dash = DASHES[s.index % DASHES.length]!;
    const values = s.runs.filter((r) => r.solved).map(value).sort((a, b) => a - b);
    const n = s.runs.length || 1;
    let d = `M${x(left)},${y(0)}`;
    values.forEach((v, j) => {
      d += ` H${x(v).toFixed(1)} V${y((j + 1) / n).toFixed(1)}`;
    });
    d += ` H${x(right)}`;
    svg.append(svgEl('path', { d, class: 'curve', stroke: colour, 'stroke-dasharray': dash, 'data-series': s.label }));
    const ly = H + i * LEGEND_LINE;
    svg.append(svgEl('line', { x1: m.left, x2: m.left + 26, y1: ly + 6, y2: ly + 6, stroke: colour, 'stroke-width': 3, 'stroke-dasharray': dash }));
    svg.append(Object.assign(svgEl('text', { x: m.left + 32, y: ly + 11, class: 'legend' }), { textContent: `${s.label}: ${values.length} of ${s.runs.length} solved` }));
  });
  return svg;
}
