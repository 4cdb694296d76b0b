import { createBezzel } from '@bezzel/core';
import { parseSpec, planExperiment } from '@bezzel/experiment';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, type PageState } from '../setup/state.js';
import { pagePlugins } from '../shared/plugins.js';
import { commandOf, compareGoals, specInput } from './compare-control.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
const choices = { strategies: ['warnsdorff', 'backtracking'], sizes: [5, 6], runs: 3, seed: 7, goal: 'one' as const, maxSteps: undefined };

describe('the compare spec', () => {
  it("is the one bezzel experiment's flags make, for every problem the page poses", () => {
    const tour: PageState = { ...DEFAULT_STATE, problem: 'tour', piece: 'knight', start: 'c3', closed: false, goal: 'one' };
    const spec = parseSpec(specInput(tour, 'knight', choices));
    if (!spec.ok) throw spec.error;
    // What `bezzel experiment … --print-spec` prints for the command below.
    expect(planExperiment(bezzel, spec.value).spec).toEqual({ problem: 'tour', piece: 'knight', sizes: [5, 6], goal: 'one', strategies: ['warnsdorff', 'backtracking'], runs: 3, seed: 7 });
    expect(planExperiment(bezzel, spec.value).cells).toHaveLength(4);
    expect(commandOf(spec.value)).toBe('bezzel experiment tour knight -n 5,6 --strategies warnsdorff,backtracking --runs 3 --seed 7 --out results.json');

    const dominate: PageState = { ...DEFAULT_STATE, problem: 'dominate', piece: 'queen', k: 5, variant: 'independent', goal: 'minimum' };
    const domination = parseSpec(specInput(dominate, 'queen', { ...choices, strategies: ['cover-search', 'greedy-cover'], goal: 'minimum', maxSteps: 100000 }));
    if (!domination.ok) throw domination.error;
    expect(planExperiment(bezzel, domination.value).spec).toEqual({ problem: 'dominate', piece: 'queen', sizes: [5, 6], variant: 'independent', goal: 'minimum', strategies: ['cover-search', 'greedy-cover'], runs: 3, seed: 7, budget: { maxSteps: 100000 } });
    // A minimum takes no k; greedy-cover runs goal one and says so.
    expect(domination.value.k).toBeUndefined();
    expect(planExperiment(bezzel, domination.value).notes[0]).toMatch(/greedy-cover proves no minimum/);
    expect(commandOf(domination.value)).toBe('bezzel experiment dominate queen -n 5,6 --independent --strategies cover-search,greedy-cover --runs 3 --seed 7 --max-steps 100000 --out results.json');
    expect(compareGoals(dominate)).not.toContain('all');
    // Run lengths tested on time, as --compare-on time asks.
    expect(commandOf({ ...spec.value, compareOn: 'time' })).toBe('bezzel experiment tour knight -n 5,6 --strategies warnsdorff,backtracking --runs 3 --seed 7 --compare-on time --out results.json');
  });
});
