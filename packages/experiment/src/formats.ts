import type { ExperimentResult, StrategyRow } from './experiment.js';

const COLUMNS: readonly [string, (row: StrategyRow) => string][] = [
  ['strategy', (r) => r.strategy],
  ['n', (r) => String(r.n)],
  ['runs', (r) => String(r.runs)],
  ['solved', (r) => String(r.solved)],
  ['success', (r) => `${(100 * r.successRate).toFixed(1)}%`],
  ['steps median', (r) => num(r.steps.median)],
  ['steps mean', (r) => num(r.steps.mean)],
  ['steps max', (r) => num(r.steps.max)],
  ['restarts mean', (r) => num(r.restarts.mean)],
  ['time median', (r) => ms(r.timeMs.median)],
  ['time mean', (r) => ms(r.timeMs.mean)],
  ['time max', (r) => ms(r.timeMs.max)],
];

/** The table for the terminal: every column but the three times is the same for the same command. */
export function formatTable(result: ExperimentResult): string {
  const cells = [COLUMNS.map(([name]) => name), ...result.rows.map((row) => COLUMNS.map(([, cell]) => cell(row)))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  const { spec } = result;
  const header = `${spec.piece}, ${spec.sizes.map((n) => `${n}×${n}`).join(', ')}: ${spec.runs} runs per strategy, seeds ${spec.seed}…${spec.seed + spec.runs - 1}`;
  return [header, line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

/** One line per strategy and size, for a spreadsheet. */
export function toCsv(result: ExperimentResult): string {
  const header = 'strategy,n,runs,solved,success_rate,steps_median,steps_mean,steps_max,restarts_mean,time_ms_median,time_ms_mean,time_ms_max';
  const lines = result.rows.map((r) =>
    [r.strategy, r.n, r.runs, r.solved, r.successRate, r.steps.median, r.steps.mean, r.steps.max, r.restarts.mean, r.timeMs.median, r.timeMs.mean, r.timeMs.max]
      .map((v) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : String(v)))
      .join(','),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

/** The whole experiment: its spec, the rows, and every run with its seed. */
export function toJson(result: ExperimentResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

function num(value: number): string {
  if (Number.isNaN(value)) return '–';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function ms(value: number): string {
  if (Number.isNaN(value)) return '–';
  return value < 10 ? `${value.toFixed(2)} ms` : value < 10_000 ? `${value.toFixed(1)} ms` : `${(value / 1000).toFixed(2)} s`;
}
