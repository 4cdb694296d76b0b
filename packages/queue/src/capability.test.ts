import { describe, expect, it } from 'vitest';
import { capabilityOf, releaseLine, subTaskQueueOf, unmetNeed } from './capability.js';

const queen = { specifier: '@bezzel/queen', version: '0.1.0' };
const bitboard = { specifier: '@bezzel/bitboard', version: '0.1.0' };
const has = (...plugins: { specifier: string; version: string }[]) => new Map(plugins.map((p) => [p.specifier, p.version]));

describe('capabilities: which worker may run which sub-tasks', () => {
  it('a release line is major.minor before 1.0, the major after', () => {
    expect([releaseLine('0.1.0'), releaseLine('0.1.7'), releaseLine('0.2.0'), releaseLine('1.4.2'), releaseLine('2.0.0')]).toEqual(['0.1', '0.1', '0.2', '1', '2']);
  });

  it('the same needs in any order name the same queue; other needs, or another release line, another queue', () => {
    const q = subTaskQueueOf(capabilityOf([queen, bitboard], '0.1.0'));
    expect(q).toMatch(/^sub-tasks-[0-9a-f]{16}$/);
    expect(subTaskQueueOf(capabilityOf([bitboard, queen], '0.1.3'))).toBe(q);
    expect(subTaskQueueOf(capabilityOf([queen, { ...bitboard, version: '0.1.1' }], '0.1.0'))).not.toBe(q);
    expect(subTaskQueueOf(capabilityOf([queen, bitboard], '0.2.0'))).not.toBe(q);
  });

  it('a worker meets a need only with every plugin at its version and the same bezzel line, and says what it lacks', () => {
    const need = capabilityOf([queen, bitboard], '0.1.0');
    expect(unmetNeed(need, has(queen, bitboard, { specifier: '/x/flamingo.ts', version: 'sha256:00' }), '0.1.4')).toBeUndefined();
    expect(unmetNeed(need, has(queen), '0.1.0')).toBe('it needs plugin @bezzel/bitboard (start the worker with --plugin @bezzel/bitboard)');
    expect(unmetNeed(need, has(queen, { ...bitboard, version: '0.1.1' }), '0.1.0')).toBe('it needs @bezzel/bitboard 0.1.0; this worker has 0.1.1');
    expect(unmetNeed(need, has(queen, bitboard), '0.2.0')).toBe('it was split by bezzel 0.1.x and this worker is bezzel 0.2.0, whose sub-tasks may differ');
  });
});
