import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel } from './support/cli.js';

/** The table's columns that do not depend on the machine: everything before the three times. */
const deterministicColumns = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => /^(hill-climbing|min-conflicts|random|formula)\s/.test(line))
    .map((line) => line.split(/\s{2,}/).slice(0, 9).join(' | '));

describe('bezzel experiment', () => {
  it('prints the same table twice for the same seed, and writes JSON, CSV and an SVG chart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bezzel-experiment-'));
    const args = ['experiment', 'queen', '-n', '8', '--strategies', 'hill-climbing,min-conflicts,random', '--runs', '10', '--seed', '7'];
    const first = await bezzel(...args, '--out', join(dir, 'results.json'), '--chart', join(dir, 'chart.svg'));
    const second = await bezzel(...args, '--out', join(dir, 'results.csv'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^queen, 8×8: 10 runs per strategy, seeds 7…16/);
    expect(deterministicColumns(first.stdout)).toHaveLength(3);
    expect(deterministicColumns(first.stdout)).toEqual(deterministicColumns(second.stdout));

    const json = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { rows: { strategy: string; solved: number }[]; runs: unknown[] };
    expect(json.rows.map((r) => r.strategy)).toEqual(['hill-climbing', 'min-conflicts', 'random']);
    expect(json.runs).toHaveLength(30);
    expect(readFileSync(join(dir, 'results.csv'), 'utf8').split('\n')[0]).toMatch(/^strategy,n,runs,solved,success_rate/);
    const svg = readFileSync(join(dir, 'chart.svg'), 'utf8');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    for (const id of ['hill-climbing', 'min-conflicts', 'random']) expect(svg).toContain(id);
  });

  it('turns mistakes into one line and exit code 2', async () => {
    const unknown = await bezzel('experiment', 'queen', '--strategies', 'min-conflicts,annealing', '--runs', '2');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^bezzel: unknown strategy "annealing"/);
    const knights = await bezzel('experiment', 'knight', '-k', '8', '--strategies', 'min-conflicts', '--runs', '2');
    expect(knights.code).toBe(2);
    expect(knights.stderr).toMatch(/cannot do this: the knight does not attack along whole lines only: it leaps/);
    const badOut = await bezzel('experiment', 'queen', '--strategies', 'formula', '--runs', '1', '--out', 'x.txt');
    expect(badOut.stderr).toMatch(/name a \.json or a \.csv file/);
  });
});
