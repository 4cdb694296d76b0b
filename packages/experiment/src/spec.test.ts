import { describe, expect, it } from 'vitest';
import { parseSpec } from './spec.js';
import { readSpecText } from './spec-file.js';

const minimal = { piece: 'queen', sizes: [8], strategies: ['min-conflicts'] };

/** The message of a spec that parseSpec refuses. */
function refusal(input: unknown): string {
  const parsed = parseSpec(input, 'study.json');
  if (parsed.ok) throw new Error('the spec was accepted');
  expect(parsed.error.code).toBe('ERR_SPEC');
  expect(parsed.error.message).not.toContain('\n');
  return parsed.error.message;
}

describe('parseSpec', () => {
  it('fills in the problem, goal, runs and seed', () => {
    expect(parseSpec(minimal)).toEqual({ ok: true, value: { problem: 'placement', piece: 'queen', sizes: [8], goal: 'one', strategies: ['min-conflicts'], runs: 30, seed: 1 } });
    const dominate = parseSpec({ ...minimal, problem: 'dominate', variant: 'independent' });
    expect(dominate.ok && [dominate.value.goal, dominate.value.variant]).toEqual(['minimum', 'independent']);
  });

  it('keeps sweeps, options per strategy, budgets and plugins as written', () => {
    const spec = {
      problem: 'tour',
      piece: 'knight',
      sizes: [8],
      strategies: ['genetic', 'warnsdorff'],
      options: { population: 50 },
      strategyOptions: { warnsdorff: { tiebreak: 'random' } },
      sweep: { mutationRate: [0.01, 0.05, 0.1] },
      runs: 30,
      seed: 7,
      budget: { maxSteps: 1e8, maxTimeMs: null },
      plugins: ['./walk.mjs'],
    };
    expect(parseSpec(spec)).toEqual({ ok: true, value: { ...spec, goal: 'one' } });
  });

  it('names the field of the first mistake, in one line', () => {
    expect(refusal({ ...minimal, sizes: [8, 0] })).toBe('study.json: sizes[1] must be a whole number of at least 1, not 0');
    expect(refusal({ ...minimal, sizes: [] })).toBe('study.json: sizes must list at least one of board sides (whole numbers of at least 1), not []');
    expect(refusal({ sizes: [8], strategies: ['x'] })).toBe('study.json: piece is missing');
    expect(refusal({ ...minimal, strategy: 'x' })).toMatch(/^study\.json: there is no field "strategy" \(the fields are problem, piece, sizes, /);
    expect(refusal({ ...minimal, runs: 2.5 })).toBe('study.json: runs must be a whole number of at least 1, not 2.5');
    expect(refusal({ ...minimal, sweep: { mutationRate: [] } })).toMatch(/^study\.json: sweep\.mutationRate must list at least one of values/);
    expect(refusal({ ...minimal, sweep: { mutationRate: [[1]] } })).toBe('study.json: sweep.mutationRate[0] must be text, a number, or true or false, not [1]');
    expect(refusal({ ...minimal, budget: { maxTime: 5 } })).toBe('study.json: budget has no field "maxTime" (it has maxSteps, maxTimeMs and maxMemoryBytes)');
    expect(refusal({ ...minimal, problem: 'tours' })).toBe('study.json: problem must be one of placement, tour, dominate, not "tours"');
    expect(refusal([1, 2])).toMatch(/^study\.json must be an object/);
  });

  it('refuses fields that do not fit the problem, and things said twice', () => {
    expect(refusal({ ...minimal, goal: 'minimum' })).toBe('study.json: goal minimum is not a goal of placement (one, count, count-fundamental, maximum)');
    expect(refusal({ ...minimal, goal: 'all' })).toMatch(/^study\.json: goal must be one of one, count, /);
    expect(refusal({ ...minimal, closed: true })).toBe('study.json: closed is for tours, and the problem is placement');
    expect(refusal({ ...minimal, problem: 'tour', k: 3 })).toMatch(/k is for placements and domination/);
    expect(refusal({ ...minimal, sizes: [8, 8] })).toBe('study.json: sizes lists 8 twice');
    expect(refusal({ ...minimal, sweep: { restarts: [1, 2, 1] } })).toBe('study.json: sweep restarts lists 1 twice');
    expect(refusal({ ...minimal, strategyOptions: { genetic: { population: 9 } } })).toBe('study.json: strategyOptions names genetic, which is not one of the strategies (min-conflicts)');
  });
});

describe('readSpecText', () => {
  const yaml = 'problem: tour\npiece: knight\nsizes: [8]\nstrategies: [genetic]\nsweep:\n  mutationRate: [0.01, 0.05, 0.1]\nruns: 30\n';
  const json = JSON.stringify({ problem: 'tour', piece: 'knight', sizes: [8], strategies: ['genetic'], sweep: { mutationRate: [0.01, 0.05, 0.1] }, runs: 30 });

  it('reads YAML and JSON into the same spec', async () => {
    expect((await readSpecText(yaml, 'study.yaml')).spec).toEqual((await readSpecText(json, 'study.json')).spec);
  });

  it('takes the spec out of a results file, with the version that made it', async () => {
    const results = JSON.stringify({ bezzel: '0.1.0', spec: JSON.parse(json), rows: [], runs: [] });
    expect(await readSpecText(results, 'results.json')).toEqual({ spec: JSON.parse(json), madeBy: '0.1.0' });
  });

  it('says where a file is malformed, in one line', async () => {
    await expect(readSpecText('piece: queen\nsizes: [8\nruns: 3', 'study.yml')).rejects.toThrow(/^study\.yml: .* at line 3, column 1$/);
    await expect(readSpecText('piece: queen\npiece: rook\n', 'study.yaml')).rejects.toThrow('study.yaml: Map keys must be unique at line 2, column 1');
    await expect(readSpecText('{"piece": "queen",}', 'study.json')).rejects.toThrow(/^study\.json is not JSON: .*\(a YAML spec is named \.yaml or \.yml\)$/);
  });
});
