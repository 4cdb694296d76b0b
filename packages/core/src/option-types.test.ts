import { describe, expect, expectTypeOf, it } from 'vitest';
import { option, type OptionValues } from './options.js';

/**
 * Types only (checked by `pnpm typecheck`, which reads every test): an option declared with a default is never
 * undefined in `context.options(options)`; one without a default may be. What a strategy author relies on when
 * writing `const { tMin } = context.options(options)` or `values as OptionValues<typeof options>` in checkOptions.
 */
const options = {
  tMin: option.number('frozen below it', { min: 0, default: 0.05 }),
  t0: option.number('start temperature (default: automatic)', { min: 0 }),
  level: option.integer('proposals per level', { min: 1, default: 10 }),
  plain: option.integer('no settings at all'),
  schedule: option.choice('how it cools', ['geometric', 'linear'], { default: 'geometric' }),
  move: option.choice('the neighbourhood', ['column', 'swap']),
  restartable: option.boolean('may restart', { default: true }),
  note: option.text('free text'),
  stages: option.list('strategies in turn', { default: 'min-conflicts', min: 1 }),
};
type Values = OptionValues<typeof options>;

describe('OptionValues: a declared default gives a non-optional type', () => {
  it('types each option by its declaration', () => {
    expectTypeOf<Values['tMin']>().toEqualTypeOf<number>();
    expectTypeOf<Values['t0']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Values['level']>().toEqualTypeOf<number>();
    expectTypeOf<Values['plain']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Values['schedule']>().toEqualTypeOf<'geometric' | 'linear'>();
    expectTypeOf<Values['move']>().toEqualTypeOf<'column' | 'swap' | undefined>();
    expectTypeOf<Values['restartable']>().toEqualTypeOf<boolean>();
    expectTypeOf<Values['note']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Values['stages']>().toEqualTypeOf<string>();
    // The declaration's info carries the default for what shows it (bezzel list, the web page's form).
    expect(options.tMin.info.default).toBe(0.05);
    expect(options.t0.info.default).toBeUndefined();
  });

  it('refuses, at compile time, arithmetic on an option that may be absent', () => {
    const values = { tMin: 0.05, t0: undefined, level: 10, plain: undefined, schedule: 'geometric', move: undefined, restartable: true, note: undefined, stages: 'min-conflicts' } as Values;
    const fine: number = values.tMin * 2;
    // @ts-expect-error t0 has no default: it may be undefined
    const wrong: number = values.t0;
    expect([fine, wrong]).toEqual([0.1, undefined]);
  });
});
