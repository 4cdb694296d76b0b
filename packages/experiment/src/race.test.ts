import { createBezzel, unwrap, UsageError } from '@bezzel/core';
import hillClimbing from '@bezzel/hill-climbing';
import columns from '@bezzel/columns';
import minConflicts from '@bezzel/min-conflicts';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import { formatRace, planRace, raceToJson, runRace } from './race.js';
import { parseSpec } from './spec.js';

const bezzel = await createBezzel({ plugins: [queen, hillClimbing, columns, minConflicts] });
const spec = (fields: Record<string, unknown>) => unwrap(parseSpec({ piece: 'queen', sizes: [8], strategies: ['hill-climbing'], seed: 1, ...fields }));

/** Hill climbing on 8 queens: strictly downhill solves about 14% (restarts make up for it), with 100 sideways moves about 94%. */
const conditional = spec({
  sweep: { sideways: [0, 100], restarts: [0, 50] },
  runs: 20,
  race: { parameters: { restarts: { when: { sideways: [0] } } } },
});

describe('planRace', () => {
  it('lays out a grid with a condition: restarts only where sideways = 0', () => {
    const plan = planRace(bezzel, conditional);
    expect(plan.grid).toBe(true);
    expect(plan.space.map((p) => p.name)).toEqual(['sideways', 'restarts']);
    expect(plan.configurations.map((c) => c.label)).toEqual(['hill-climbing sideways=0 restarts=0', 'hill-climbing sideways=0 restarts=50', 'hill-climbing sideways=100']);
    // The default budget of a grid: the full experiment, configurations × runs.
    expect(plan.budget).toBe(60);
  });

  it.each([
    [{ sweep: { temperature: [1, 2] }, race: {} }, 'none of hill-climbing has an option "temperature" to race'],
    [{ race: {} }, 'a race needs a parameter space'],
    [{ sweep: { sideways: [0, 5] }, race: { parameters: { sideways: { when: { restarts: [1] } }, restarts: { values: [1, 2], when: { sideways: [0] } } } } }, 'race parameters depend on each other in a circle'],
    [{ sweep: { sideways: [0, 5] }, race: { parameters: { restarts: { values: [1], when: { sideways: [7] } } } } }, 'depends on sideways = 7, which is not one of its values (0, 5)'],
    [{ sweep: { sideways: [0, 5] }, options: { sideways: 3 }, race: {} }, 'option sideways of hill-climbing is both raced and set'],
    [{ race: { parameters: { restarts: {} } } }, 'race parameter restarts: give its values, or a range'],
    [{ race: { parameters: { sideways: { range: [-1, 5] } } } }, 'option sideways of hill-climbing must be a whole number of at least 0, not -1'],
    [{ sweep: { sideways: [0, 5] }, runs: 3, race: {} }, 'a race tests first after 5 instances'],
    [{ sweep: { sideways: [0, 5, 10] }, runs: 10, race: { budget: 12 } }, '3 configurations each meet 5 instances before the first test: 15 runs, and the budget is 12'],
  ])('refuses a wrong race before any run: %j', (fields, message) => {
    expect(() => planRace(bezzel, spec(fields))).toThrow(UsageError);
    expect(() => planRace(bezzel, spec(fields))).toThrow(message);
  });

  it('parseSpec names a wrong race field', () => {
    const wrong = parseSpec({ piece: 'queen', sizes: [8], strategies: ['hill-climbing'], race: { budgets: 3 } }, 'race.yaml');
    expect(!wrong.ok && wrong.error.message).toBe('race.yaml: race has no field "budgets" (it has parameters, budget, firstTest, eachTest, confidence, configurations, iterations, by)');
    const range = parseSpec({ piece: 'queen', sizes: [8], strategies: ['hill-climbing'], race: { parameters: { sideways: { range: [5, 1] } } } }, 'race.yaml');
    expect(!range.ok && range.error.message).toMatch(/^race\.yaml: race\.parameters\.sideways\.range must be \[low, high\] with low below high/);
  });
});

describe('runRace', () => {
  it('eliminates strict hill climbing without restarts (14%), and says the Friedman p-values and the budget', async () => {
    const result = await runRace(bezzel, conditional);
    expect(result.steps.length).toBeGreaterThan(0);
    const rejecting = result.steps.find((s) => s.eliminated.length > 0)!;
    expect(rejecting.p).toBeLessThan(0.05);
    expect(rejecting.eliminated).toContain('hill-climbing sideways=0 restarts=0');
    expect(result.survivors.map((s) => s.label)).not.toContain('hill-climbing sideways=0 restarts=0');
    expect(result.survivors.length).toBeGreaterThan(0);
    // Every run of the race is in the budget, and the survivors' rows count each instance they met.
    expect(result.budget.runs).toBe(result.runs.length);
    expect(result.budget.runs).toBeLessThanOrEqual(result.budget.limit);
    for (const s of result.survivors) expect(result.rows.find((r) => r.label === s.label)!.runs).toBe(s.instances);
    // Seeded: the same race again has the same steps, survivors and runs (times aside).
    const again = await runRace(bezzel, conditional);
    expect(again.steps).toEqual(result.steps);
    expect(again.survivors).toEqual(result.survivors);
    expect(again.runs.map((r) => [r.params, r.seed, r.steps])).toEqual(result.runs.map((r) => [r.params, r.seed, r.steps]));
    const text = formatRace(result);
    expect(text).toMatch(/^race: hill-climbing on queen 8×8; a grid: sideways ∈ \{0, 100\}; restarts ∈ \{0, 50\} when sideways ∈ \{0\}\n/);
    expect(text).toMatch(/\nlast Friedman test: χ² = [\d.]+, df = \d+, p = [\d.e-]+ /);
    expect(text).toMatch(/\nbudget: \d+ of 60 runs, /);
    const json = JSON.parse(raceToJson(result));
    expect(json.race.steps[0]).toMatchObject({ iteration: 1, instances: 5, alive: 3 });
    expect(json.race.survivors.length).toBe(result.survivors.length);
  });

  it("tests the last two configurations by Wilcoxon's signed-rank test of their paired costs, as irace", async () => {
    // Min-conflicts restarting after 8 repairs against never: neither is no worse on every seed of 8 queens.
    const two = unwrap(parseSpec({ piece: 'queen', sizes: [8], strategies: ['min-conflicts'], seed: 1, runs: 30, budget: { maxSteps: 500 }, sweep: { restartAfter: [8, 0] }, race: {} }));
    const result = await runRace(bezzel, two);
    expect(result.steps.length).toBeGreaterThan(0);
    for (const step of result.steps) {
      expect(step.alive).toBe(2);
      expect(['wilcoxon-signed-rank', 'dominance', 'tie']).toContain(step.test);
      expect(step.df).toBeNaN();
    }
    const tested = result.steps.find((s) => s.test === 'wilcoxon-signed-rank')!;
    expect(tested.method).toMatch(/^(exact|normal)$/);
    expect(tested.p).toBeGreaterThan(0);
    expect(formatRace(result)).toMatch(/\nlast two, as irace: Wilcoxon signed-rank test, V = [\d.]+, /);
    expect(formatRace(result)).toMatch(/\nrace +instances +alive +test +statistic +df +p +eliminated\n/);
  });

  it('races a sampled space in iterations within its budget, drawing whole numbers within the ranges', async () => {
    const plain = spec({ runs: 12, race: { budget: 150, parameters: { sideways: { range: [0, 200] }, restarts: { range: [0, 30] } } } });
    const result = await runRace(bezzel, plain);
    expect(result.grid).toBe(false);
    expect(result.iterations.length).toBeGreaterThanOrEqual(2);
    expect(result.budget.runs).toBeLessThanOrEqual(150);
    for (const run of result.runs) {
      expect(Number.isInteger(run.params!.sideways)).toBe(true);
      expect(run.params!.sideways as number).toBeGreaterThanOrEqual(0);
      expect(run.params!.sideways as number).toBeLessThanOrEqual(200);
      expect(run.params!.restarts as number).toBeLessThanOrEqual(30);
    }
    // Later races keep the elites of the earlier (their runs reused, not repeated).
    const second = result.iterations[1]!;
    expect(second.fresh).toBeLessThan(second.configurations);
    expect(result.survivors.length).toBeGreaterThan(0);
  });
});
