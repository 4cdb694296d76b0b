import { describe, expect, it } from 'vitest';
import { applyChange } from './form.js';
import { DEFAULT_STATE } from './state.js';

describe('applyChange', () => {
  it('writes a field into the state, and an option by name (empty removes it)', () => {
    expect(applyChange(DEFAULT_STATE, { field: 'width', patch: { width: 12 } }).width).toBe(12);
    const withOption = applyChange(DEFAULT_STATE, { field: 'option-initial', option: 'initial', text: 'random' });
    expect(withOption.options).toEqual({ initial: 'random' });
    expect(applyChange(withOption, { field: 'option-initial', option: 'initial', text: '' }).options).toEqual({});
  });

  it('leaves the state alone for text that cannot be read', () => {
    expect(applyChange(DEFAULT_STATE, { field: 'width', invalid: 'A whole number from 1 to 1,000,000.' })).toBe(DEFAULT_STATE);
  });

  it('brings the knight and goal one along to a tour, and the queen back to a placement', () => {
    const tour = applyChange(DEFAULT_STATE, { field: 'problem', patch: { problem: 'tour' } });
    expect(tour).toMatchObject({ problem: 'tour', piece: 'knight', goal: 'one' });
    expect(applyChange(tour, { field: 'problem', patch: { problem: 'placement' } })).toMatchObject({ problem: 'placement', piece: 'queen' });
    const camel = applyChange({ ...DEFAULT_STATE, piece: 'camel', goal: 'count' }, { field: 'problem', patch: { problem: 'tour' } });
    expect(camel).toMatchObject({ piece: 'camel', goal: 'count' });
  });

  it('brings domination its usual goal and strategy, keeps the piece, and takes k away where the goal finds it', async () => {
    const { createBezzel } = await import('@bezzel/core');
    const { pagePlugins } = await import('../shared/plugins.js');
    const registry = await createBezzel({ plugins: pagePlugins });
    const fits = (id: string, kind: 'placement' | 'tour' | 'dominate') => id === 'auto' || (registry.strategy(id)?.meta.problems.includes(kind) ?? false);
    const knights = applyChange({ ...DEFAULT_STATE, piece: 'knight', k: 12, options: { ordering: 'warnsdorff' } }, { field: 'problem', patch: { problem: 'dominate' } }, fits);
    expect(knights).toMatchObject({ problem: 'dominate', piece: 'knight', goal: 'minimum', strategy: 'cover-search', options: {}, k: undefined });
    // A strategy that does both kinds stays; auto always does.
    expect(applyChange({ ...DEFAULT_STATE, strategy: 'auto' }, { field: 'problem', patch: { problem: 'dominate' } }, fits).strategy).toBe('auto');
    const sized = applyChange(applyChange(knights, { field: 'goal', patch: { goal: 'count' } }, fits), { field: 'k', patch: { k: 12 } }, fits);
    expect(sized).toMatchObject({ goal: 'count', k: 12 });
    expect(applyChange(sized, { field: 'goal', patch: { goal: 'count-minimum' } }, fits).k).toBeUndefined();
    // Back to placing: the queen, a goal placements have, and a strategy that places.
    expect(applyChange(knights, { field: 'problem', patch: { problem: 'placement' } }, fits)).toMatchObject({ piece: 'queen', goal: 'all', strategy: 'backtracking' });
    expect(applyChange(knights, { field: 'problem', patch: { problem: 'tour' } }, fits)).toMatchObject({ piece: 'knight', goal: 'one', strategy: 'backtracking' });
    // The variant stays with domination.
    const total = applyChange(knights, { field: 'variant', patch: { variant: 'total' } }, fits);
    expect(total.variant).toBe('total');
    expect(applyChange(total, { field: 'problem', patch: { problem: 'placement' } }, fits).variant).toBe('plain');
  });
});
