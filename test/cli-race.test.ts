import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel } from './support/cli.js';

/**
 * `bezzel experiment --race` (issue 27, item 5): F-race over a grid, iterated racing over sampled ranges with
 * conditional parameters. Kept small: a step budget on every run, a few seeds.
 */
const scratch = () => mkdtempSync(join(tmpdir(), 'bezzel-race-'));
const annealing = ['experiment', 'queen', '-n', '16', '--strategies', 'simulated-annealing', '--race', '--max-steps', '200000', '--seed', '1'];

describe('bezzel experiment --race', () => {
  it("races annealing's schedule and start temperature on 16 queens to survivors and Friedman p-values, and re-runs from its results file", async () => {
    const dir = scratch();
    const args = [...annealing, '--sweep', 'schedule=geometric,linear,exponential', '--sweep', 't0=0.5,2,8', '--runs', '10'];
    const r = await bezzel(...args, '--out', join(dir, 'race.json'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^race: simulated-annealing on queen 16×16; a grid: schedule ∈ \{geometric, linear, exponential\}; t0 ∈ \{0\.5, 2, 8\}\n/);
    expect(r.stdout).toMatch(/\nrace +instances +alive +test +statistic +df +p +eliminated\n/);
    expect(r.stdout).toMatch(/\n +1 +5 +9 +Friedman χ² +[\d.]+ +8 +[\d.e-]+ +\d+: simulated-annealing /);
    expect(r.stdout).toMatch(/\nsurvivors, best first \(mean rank over the instances they all met\): simulated-annealing schedule=\w+ t0=[\d.]+ \([\d.]+\)/);
    expect(r.stdout).toMatch(/\nlast Friedman test: χ² = [\d.]+, df = \d+, p = [\d.e-]+ \(\d+ instances, \d+ configurations\)\n/);
    expect(r.stdout).toMatch(/\nbudget: \d+ of 90 runs, [\d.]+ s in the runs, [\d.]+ s in all\n?$/);
    // Progress: a line per test on stderr.
    expect(r.stderr).toMatch(/race 1, 5 instances: 9 alive, Friedman p = [\d.e-]+/);

    const json = JSON.parse(readFileSync(join(dir, 'race.json'), 'utf8'));
    expect(json.spec.race).toEqual({});
    expect(json.race.grid).toBe(true);
    expect(json.race.steps.length).toBeGreaterThan(0);
    expect(typeof json.race.steps[0].p).toBe('number');
    expect(json.race.steps[0].p).toBeLessThan(0.05);
    expect(json.race.survivors.length).toBeGreaterThan(0);
    expect(json.race.budget.runs).toBe(json.runs.length);
    expect(json.race.budget.runs).toBeLessThan(90);
    // The results file races again: the same tests and survivors.
    const again = await bezzel('experiment', '--spec', join(dir, 'race.json'), '--format', 'json', '-q');
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(again.stdout);
    expect(second.race.steps).toEqual(json.race.steps);
    expect(second.race.survivors).toEqual(json.race.survivors);
  });

  it('races sampled ranges in iterations, a conditional alpha drawn only for the geometric schedule, within the budget', async () => {
    const r = await bezzel(...annealing, '--runs', '12', '--race-budget', '160', '--sweep', 'schedule=geometric,exponential', '--sweep', 't0=0.2..8', '--sweep', 'alpha=0.5..0.99', '--when', 'alpha:schedule=geometric', '--format', 'json', '-q');
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.race.grid).toBe(false);
    expect(json.race.space.map((p: { name: string }) => p.name)).toEqual(['schedule', 't0', 'alpha']);
    expect(json.race.space[2]).toMatchObject({ range: [0.5, 0.99], when: { schedule: ['geometric'] } });
    expect(json.race.iterations.length).toBeGreaterThanOrEqual(2);
    expect(json.race.budget.runs).toBeLessThanOrEqual(160);
    for (const run of json.runs) {
      expect(run.params.t0).toBeGreaterThanOrEqual(0.2);
      expect(run.params.t0).toBeLessThanOrEqual(8);
      expect('alpha' in run.params).toBe(run.params.schedule === 'geometric');
    }
    expect(json.race.steps.some((s: { p: number | null }) => typeof s.p === 'number')).toBe(true);
    expect(json.race.survivors.length).toBeGreaterThan(0);
  });

  it("leaves out a configuration the strategy's own check refuses (tMin at or above t0), and says so", async () => {
    const r = await bezzel(...annealing, '--runs', '6', '--sweep', 't0=0.01,1,3', '-o', 'tMin=0.05', '-q');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('note: left out simulated-annealing t0=0.01: tMin (0.05) must be below t0 (0.01): the anneal would be frozen before it starts');
  });

  it.each([
    [['--race-budget', '50', '--sweep', 't0=1,2'], 'bezzel: --race-budget is for a race: add --race\n', false],
    [['--race', '--when', 'alpha=geometric', '--sweep', 't0=1,2'], 'bezzel: --when alpha=geometric: write NAME:OTHER=value,value (NAME matters only when OTHER has one of the values), such as alpha:schedule=geometric\n', false],
    [['--race', '--sweep', 't0=1,2', '--chart', 'x.svg'], 'bezzel: --chart draws an experiment, not a race: run the survivors as an experiment (--sweep with their values) to chart them\n', false],
    [['--race'], 'bezzel: a race needs a parameter space: --sweep name=values (or name=low..high to sample), or race.parameters in a spec file\n', false],
    [['--race', '--sweep', 'alpha=0.5..0.9', '--when', 'alpha:schedule=geometric'], 'bezzel: race parameter alpha depends on schedule, which is not a parameter of the race (alpha)\n', false],
    [['--race', '--sweep', 'move=column,swap', '--out', 'r.csv'], "bezzel: --out r.csv: a race's results are .json (--runs-out writes its runs as CSV)\n", false],
  ])('refuses %j in one line, exit code 2, before any run', async (extra, message) => {
    const r = await bezzel('experiment', 'queen', '-n', '8', '--strategies', 'simulated-annealing', ...(extra as string[]));
    expect(r.stderr).toBe(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});
