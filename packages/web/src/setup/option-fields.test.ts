import { createBezzel, optionList } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { optionFields, optionValue } from './option-fields.js';
import { pagePlugins } from '../shared/plugins.js';

const bezzel = await createBezzel({ plugins: pagePlugins });

describe('optionFields', () => {
  it('offers each declared option as a field with its name in words, its description and its default', () => {
    const fields = optionFields(bezzel, bezzel.strategy('genetic'));
    const rate = fields.find((f) => f.name === 'crossoverRate')!;
    expect(rate).toMatchObject({ label: 'crossover rate', kind: 'text', fallback: '0.9' });
    expect(rate.description).toBe(`${bezzel.strategy('genetic')!.meta.options!.crossoverRate!.info.description} (a number from 0 to 1)`);
    const repair = fields.find((f) => f.name === 'repair')!;
    expect(repair.kind).toBe('choice');
    expect(repair.choices.map((c) => c.value)).toEqual(bezzel.partsOf('tour-repair').map((p) => p.id));
  });

  it('leaves out the options only split() writes, for every strategy', () => {
    for (const strategy of bezzel.strategies) {
      const internal = optionList(strategy.meta).filter((o) => o.internal).map((o) => o.name);
      const shown = optionFields(bezzel, strategy).map((f) => f.name);
      expect(shown.filter((name) => internal.includes(name)), strategy.meta.id).toEqual([]);
      expect(shown.length + internal.length).toBe(Object.keys(strategy.meta.options ?? {}).length);
    }
    expect(optionFields(bezzel, bezzel.strategy('backtracking')).map((f) => f.name)).toEqual(['ordering', 'direction', 'reversal']);
  });

  it('leaves out the options for another kind of problem (issue 26: "ordering" offered for placements)', () => {
    const backtracking = bezzel.strategy('backtracking');
    expect(optionFields(bezzel, backtracking, 'placement').map((f) => f.name)).toEqual([]);
    expect(optionFields(bezzel, backtracking, 'tour').map((f) => f.name)).toEqual(['ordering', 'direction', 'reversal']);
    // Options for any kind stay: min-conflicts' start placement.
    expect(optionFields(bezzel, bezzel.strategy('min-conflicts'), 'placement').map((f) => f.name)).toContain('initial');
  });

  it('reads option text as the CLI does', () => {
    expect([optionValue('12'), optionValue('-0.5'), optionValue('true'), optionValue('roth'), optionValue('1e3')]).toEqual([12, -0.5, true, 'roth', '1e3']);
    expect(optionValue('9'.repeat(30))).toBe('9'.repeat(30));
  });
});
