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
});
