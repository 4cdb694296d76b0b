import type { QualityView, QualityViews } from './fixed-target.js';

/**
 * The fixed-target and fixed-budget views as text, one block per board size and measure: for each row and target,
 * the share of runs whose best quality was at or below the target within x steps, for a few budgets x, and the
 * median best quality by x with its 95% bootstrap interval. Steps only, no times: the same on every machine.
 */
export function qualityLines(quality: QualityViews | undefined, several: boolean): string[] {
  if (!quality || quality.views.length === 0) return [];
  const lines = quality.views.flatMap((view, i) => [...(i > 0 ? [''] : []), ...viewLines(view, several)]);
  if (quality.absent.length > 0) {
    const names = quality.absent.map((a) => `${a.label}${several ? ` on ${a.n}×${a.n}` : ''}`);
    lines.push(`not in the fixed-target view (the strategy records no quality): ${names.join(', ')}`);
  }
  return lines;
}

function viewLines(view: QualityView, several: boolean): string[] {
  const units = [...new Set(view.rows.map((r) => r.stepUnit))];
  const steps = units.length === 1 ? units[0]! : 'steps';
  const own = units.length === 1 ? '' : `, x in each strategy's own steps: ${view.rows.map((r) => `${r.label} ${r.stepUnit}`).join(', ')}`;
  const header = ['strategy', 'target', ...view.budgets.map((b) => `x = ${count(b)}`)];
  const body: string[][] = [];
  for (const row of view.rows) {
    row.targets.forEach((ecdf, t) => body.push([t === 0 ? row.label : '', ecdf.target === 0 ? '= 0' : `≤ ${count(ecdf.target)}`, ...row.budgets.map((b) => b.reached[t]!.toFixed(2))]));
    body.push(['', 'median', ...row.budgets.map((b) => `${count(b.median)} [${count(b.low)}, ${count(b.high)}]`)]);
  }
  const table = [header, ...body];
  const widths = header.map((_, i) => Math.max(...table.map((line) => line[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [
    `fixed target and fixed budget, ${view.measure}${several ? ` on ${view.n}×${view.n}` : ''} (best so far, from each run's trajectory${own}):`,
    `share of runs at or below each target within x ${steps} (a run that never got there counts as not reaching it), and the median best ${view.measure} by x [95% bootstrap CI]`,
    line(header),
    ...body.map(line),
  ];
}

function count(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (value === Number.POSITIVE_INFINITY) return '∞';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
