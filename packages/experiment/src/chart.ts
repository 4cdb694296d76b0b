import type { TopLevelSpec } from 'vega-lite';
import type { ExperimentResult } from './experiment.js';

/** Log scales cannot show zero; a run faster than a microsecond is drawn at one. */
const FLOOR_MS = 0.001;

/**
 * The chart as a Vega-Lite spec: for one board size, success rate and median time per strategy side by side;
 * for a size sweep, median time against n on log scales, one line per strategy, beside the success rates.
 */
export function chartSpec(result: ExperimentResult): TopLevelSpec {
  const values = result.rows.map((r) => ({
    strategy: r.strategy,
    n: r.n,
    success: 100 * r.successRate,
    time: Math.max(r.timeMs.median, FLOOR_MS),
  }));
  const { piece, runs, sizes } = result.spec;
  const title = `${piece}: ${runs} seeded runs per strategy`;
  const strategy = { field: 'strategy', type: 'nominal' as const, title: 'strategy' };
  if (sizes.length === 1) {
    const x = { ...strategy, sort: [...result.spec.strategies], axis: { labelAngle: 0 } };
    const width = Math.max(220, 95 * result.spec.strategies.length);
    // Bars on a log scale need a floor to stand on: the power of ten at or below the fastest median.
    const base = 10 ** Math.floor(Math.log10(Math.min(...values.map((v) => v.time))));
    // …and a ceiling above the slowest, so its bar does not run into the top edge.
    const top = 10 ** Math.ceil(Math.log10(Math.max(...values.map((v) => v.time))) + 1e-9);
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: `${title}, ${sizes[0]}×${sizes[0]}`,
      data: { values },
      hconcat: [
        {
          width,
          height: 220,
          mark: { type: 'bar', tooltip: true },
          encoding: { x, y: { field: 'success', type: 'quantitative', title: 'success rate (%)', scale: { domain: [0, 100] } }, color: { ...strategy, legend: null } },
        },
        {
          width,
          height: 220,
          mark: { type: 'bar', tooltip: true },
          encoding: {
            x,
            y: { field: 'time', type: 'quantitative', title: 'median time per run (ms, log)', scale: { type: 'log', domain: [base, top] } },
            y2: { datum: base },
            color: { ...strategy, legend: null },
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
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `${title}, n = ${sizes.join(', ')}`,
    data: { values },
    hconcat: [
      {
        width: 300,
        height: 240,
        mark: { type: 'line', point: true, tooltip: true },
        encoding: { x: n, y: { field: 'time', type: 'quantitative', title: 'median time per run (ms, log)', scale: { type: 'log' } }, color: strategy },
      },
      {
        width: 300,
        height: 240,
        mark: { type: 'line', point: true, tooltip: true },
        encoding: { x: n, y: { field: 'success', type: 'quantitative', title: 'success rate (%)', scale: { domain: [0, 100] } }, color: strategy },
      },
    ],
  };
}

/**
 * Renders a Vega-Lite spec to SVG text without a browser or a canvas (Vega's headless 'none' renderer). Vega is
 * imported here, not at the top: it takes a third of a second to load, and only `--chart` needs it.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [{ parse, View }, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The experiment's chart as SVG text. */
export async function chartSvg(result: ExperimentResult): Promise<string> {
  return renderSvg(chartSpec(result));
}
