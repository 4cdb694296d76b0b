import { createBezzel, unwrap, type Bezzel } from '@bezzel/core';
import genetic from '@bezzel/genetic';
import knight from '@bezzel/knight';
import warnsdorff from '@bezzel/warnsdorff';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartRefusal, chartSpec, chartSvg, defaultChartKind, parseSpec, planExperiment, renderSvg, runExperiment, type ExperimentResult } from './index.js';

/** Tags open and close in order, attributes are quoted: enough to know a browser will open the file. */
function expectWellFormedSvg(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  const stack: string[] = [];
  for (const [, closing, name, attributes, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g)) {
    expect(attributes!.replace(/\s[\w:-]+="[^"]*"/g, '').trim()).toBe('');
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
}

let sweep: ExperimentResult;
let sizes: ExperimentResult;
let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [knight, genetic, warnsdorff] });
  const base = { problem: 'tour', piece: 'knight', strategies: ['genetic', 'warnsdorff'], options: { generations: 300 }, runs: 6, seed: 1 };
  sweep = await runExperiment(bezzel, unwrap(parseSpec({ ...base, sizes: [5], sweep: { mutationRate: [0.01, 0.1, 0.3] } })));
  sizes = await runExperiment(bezzel, unwrap(parseSpec({ ...base, sizes: [5, 6] })));
});

/** The data rows of a single-view or concatenated Vega-Lite spec. */
const dataOf = (spec: object) => (spec as { data: { values: Record<string, unknown>[] } }).data.values;

describe('charts', () => {
  it('is as wide as its plot: a title never widens a chart, whatever its length', async () => {
    const width = (svg: string) => Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)![1]);
    for (const kind of ['rtd', 'ecdf'] as const) {
      for (const result of [sweep, sizes]) {
        if (chartRefusal(result.spec, kind)) continue;
        const spec = chartSpec(result, kind) as object;
        const bare = width(await renderSvg({ ...spec, title: 'x' } as never));
        expect(width(await renderSvg(spec as never)), kind).toBeLessThanOrEqual(bare * 1.1);
      }
    }
  });


  it('draws run-time distributions: per cell a rising step curve that ends at its success rate', async () => {
    // genetic counts generations, warnsdorff moves: still steps by default (the same on any machine), a panel per unit.
    expect(defaultChartKind(sweep)).toBe('rtd');
    const values = dataOf(chartSpec(sweep, 'rtd'));
    for (const row of sweep.rows) {
      const curve = values.filter((v) => v.series === row.label);
      const fractions = curve.map((v) => v.fraction as number);
      const xs = curve.map((v) => v.x as number);
      expect(fractions[0]).toBe(0);
      expect(fractions.at(-1)).toBe(row.successRate);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
      // A point a solved run, and the two ends.
      expect(curve).toHaveLength(row.solved + 2);
    }
    const svg = await chartSvg(sweep, 'rtd');
    expectWellFormedSvg(svg);
    expect(svg).toContain('fraction of runs solved');
    // Units never mixed on one axis: a panel each, with its own x range.
    const spec = chartSpec(sweep, 'rtd') as { facet?: { field: string }; resolve?: { scale: { x: string } } };
    expect(spec.facet?.field).toBe('unit');
    expect(spec.resolve?.scale.x).toBe('independent');
    expect(new Set(values.filter((v) => String(v.series).startsWith('genetic')).map((v) => v.unit))).toEqual(new Set(['generations']));
    expect(new Set(values.filter((v) => v.series === 'warnsdorff').map((v) => v.unit))).toEqual(new Set(['moves']));
    expect(svg).toContain('a panel per unit');
    expect(svg).not.toContain('units differ');
    // Okabe–Ito colours, and a marker shape per series besides.
    expect(svg).toContain('#E69F00');
    expect(svg).toContain('#56B4E9');
    for (const row of sweep.rows) expect(svg).toContain(`>${row.label}<`);
  });

  it('draws run-time distributions over time, a curve per cell and size', async () => {
    const svg = await chartSvg(sizes, 'rtd-time');
    expectWellFormedSvg(svg);
    expect(svg).toContain('time (ms) to solve (log)');
    expect(svg).toContain('>genetic, 6×6<');
  });

  it('draws a sweep: success rate and median steps against the swept value, with interval whiskers and baselines', async () => {
    const spec = chartSpec(sweep, 'sweep');
    const values = dataOf(spec);
    expect(values.filter((v) => v.value !== undefined).map((v) => v.value)).toEqual([0.01, 0.1, 0.3]);
    const baseline = values.find((v) => v.series === 'warnsdorff')!;
    expect(baseline.value).toBeUndefined();
    for (const v of values) expect((v.successLow as number) <= (v.success as number) && (v.success as number) <= (v.successHigh as number)).toBe(true);
    const svg = await chartSvg(sweep, 'sweep');
    expectWellFormedSvg(svg);
    expect(svg).toContain('mutationRate (log)');
    expect(svg).toContain('median steps to solve (log)');
  });

  it('draws the summary: time against n for a size sweep, which is its default', async () => {
    expect(defaultChartKind(sizes)).toBe('summary');
    const spec = chartSpec(sizes);
    const svg = await chartSvg(sizes);
    expectWellFormedSvg(svg);
    expect(svg).toContain('n (board n×n, log)');
    // Whiskers for the intervals, and each strategy's points moved sideways so that none hides another.
    expect(JSON.stringify(spec)).toContain('"errorbar"');
    const values = dataOf(spec);
    const at5 = values.filter((v) => v.n === 5).map((v) => v.nx as number);
    expect(new Set(at5).size).toBe(at5.length);
    for (const v of values) expect((v.successLow as number) <= (v.success as number) && (v.success as number) <= (v.successHigh as number)).toBe(true);
  });

  it('draws fixed-target ECDFs: a panel per size and target, a rising curve per cell ending at the share that reached it', async () => {
    const spec = chartSpec(sizes, 'ecdf');
    const values = dataOf(spec);
    const views = sizes.quality!.views;
    expect(views.map((v) => [v.n, v.measure])).toEqual([[5, 'squares not visited'], [6, 'squares not visited']]);
    for (const view of views) {
      for (const row of view.rows) {
        for (const ecdf of row.targets) {
          const panel = `${view.n}×${view.n}: ${ecdf.target === 0 ? '= 0 (solved)' : `≤ ${ecdf.target}`}`;
          const curve = values.filter((v) => v.panel === panel && v.series === `${row.label}, ${view.n}×${view.n}`);
          const fractions = curve.map((v) => v.fraction as number);
          expect(fractions[0]).toBe(0);
          expect(fractions.at(-1)).toBe(ecdf.reached / row.runs);
          expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
        }
        // Reaching 0 squares not visited is solving.
        expect(row.targets.at(-1)!.reached).toBe(sizes.rows.find((r) => r.label === row.label && r.n === view.n)!.solved);
      }
    }
    const svg = await chartSvg(sizes, 'ecdf');
    expectWellFormedSvg(svg);
    expect(svg).toContain('5×5: = 0 (solved)');
    expect(svg).toContain('not shown (no quality recorded): warnsdorff');
    // Refused before any run when no strategy records a quality.
    const plain = unwrap(parseSpec({ problem: 'tour', piece: 'knight', sizes: [5], strategies: ['warnsdorff'] }));
    expect(chartRefusal(plain, 'ecdf', planExperiment(bezzel, plain))).toMatch(/^an ecdf chart needs a strategy that records its quality .*; none of warnsdorff does$/);
    expect(chartRefusal(sizes.spec, 'ecdf', planExperiment(bezzel, sizes.spec))).toBeUndefined();
  });

  it('says why a sweep chart cannot be drawn without a sweep', () => {
    expect(chartRefusal(sizes.spec, 'sweep')).toMatch(/needs a sweep/);
    expect(chartRefusal(sweep.spec, 'sweep')).toBeUndefined();
  });
});
