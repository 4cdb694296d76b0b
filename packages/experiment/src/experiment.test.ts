import { createBezzel, type Bezzel } from '@bezzel/core';
import formula from '@bezzel/formula';
import hillClimbing from '@bezzel/hill-climbing';
import minConflicts from '@bezzel/min-conflicts';
import queen from '@bezzel/queen';
import random from '@bezzel/random';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartSvg, formatTable, runExperiment, toCsv, type ExperimentSpec, type StrategyRow } from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, formula, minConflicts, hillClimbing, random] });
});

const spec: ExperimentSpec = {
  piece: 'queen',
  sizes: [8],
  strategies: ['hill-climbing', 'min-conflicts', 'random'],
  runs: 12,
  seed: 7,
  budget: { maxTimeMs: 10_000 },
};

/** Everything in a row that must not depend on the machine. */
const deterministic = (r: StrategyRow) => ({ strategy: r.strategy, n: r.n, solved: r.solved, steps: r.steps, restarts: r.restarts, endings: r.endings });

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

describe('experiment', () => {
  it('gives the same success counts and step statistics for the same seed', async () => {
    const first = await runExperiment(bezzel, spec);
    const second = await runExperiment(bezzel, spec);
    expect(first.rows.map(deterministic)).toEqual(second.rows.map(deterministic));
    expect(first.runs.map((r) => r.seed)).toEqual(second.runs.map((r) => r.seed));
    const [hill, repair, generate] = first.rows;
    expect(repair!.solved).toBe(12);
    expect(generate!.solved).toBe(12);
    expect(hill!.solved).toBeGreaterThanOrEqual(8);
    // Generate-and-test needs about 182,000 boards for one 8-queens solution; repair needs tens of steps.
    expect(generate!.steps.median).toBeGreaterThan(10_000);
    expect(repair!.steps.median).toBeLessThan(1000);
    const other = await runExperiment(bezzel, { ...spec, seed: 8, strategies: ['random'] });
    expect(other.rows[0]!.steps).not.toEqual(generate!.steps);
  });

  it('prints a table and CSV with a line per strategy', async () => {
    const result = await runExperiment(bezzel, { ...spec, strategies: ['min-conflicts', 'formula'], runs: 3 });
    const table = formatTable(result);
    expect(table).toMatch(/^queen, 8×8: 3 runs per strategy, seeds 7…9/);
    expect(table).toMatch(/min-conflicts +8 +3 +3 +100\.0%/);
    expect(table).toMatch(/formula +8 +3 +3 +100\.0% +0 +0 +0/);
    const csv = toCsv(result).trim().split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[2]).toMatch(/^formula,8,3,3,1,0,0,0,0,/);
  });

  it('draws a well-formed SVG chart naming every strategy', async () => {
    const result = await runExperiment(bezzel, { ...spec, runs: 3 });
    const svg = await chartSvg(result);
    expectWellFormedSvg(svg);
    for (const id of spec.strategies) expect(svg).toContain(`>${id}<`);
    expect(svg).toContain('success rate (%)');
  });

  it('sweeps sizes, charting time against n on log scales', async () => {
    const result = await runExperiment(bezzel, { ...spec, sizes: [8, 16, 32], strategies: ['min-conflicts', 'hill-climbing'], runs: 2 });
    expect(result.rows.map((r) => `${r.strategy}@${r.n}`)).toEqual([
      'min-conflicts@8',
      'hill-climbing@8',
      'min-conflicts@16',
      'hill-climbing@16',
      'min-conflicts@32',
      'hill-climbing@32',
    ]);
    const svg = await chartSvg(result);
    expectWellFormedSvg(svg);
    expect(svg).toContain('n (board n×n, log)');
    expect(svg).toContain('hill-climbing');
  });

  it('refuses mistakes before running anything', async () => {
    await expect(runExperiment(bezzel, { ...spec, strategies: ['simulated-annealing'] })).rejects.toThrow(/unknown strategy "simulated-annealing"/);
    await expect(runExperiment(bezzel, { ...spec, options: { temperature: 3 } })).rejects.toThrow(/none of .* has an option "temperature"/);
    await expect(runExperiment(bezzel, { ...spec, runs: 0 })).rejects.toThrow(/runs must be/);
  });

  it('passes each option only to the strategies that declare it', async () => {
    const result = await runExperiment(bezzel, { ...spec, strategies: ['hill-climbing', 'min-conflicts'], runs: 20, options: { restarts: 100, sideways: 0 } });
    expect(result.rows[0]!.solved).toBe(20);
    expect(result.rows[0]!.restarts.max).toBeGreaterThan(0);
  });
});
