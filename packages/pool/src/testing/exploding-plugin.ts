import { memoryLimit, no, option, pluginModule, yes, type SearchStrategy } from '@bezzel/core';

/**
 * A test fixture: a strategy that splits any placement count into four sub-tasks and throws in the third,
 * to prove a worker's failure reaches the caller with its sub-task instead of a smaller count.
 */
const exploding: SearchStrategy = {
  meta: {
    id: 'exploding',
    description: 'test fixture: throws in sub-task 2',
    problems: ['placement'],
    goals: ['count'],
    options: { part: option.internal('which quarter') },
  },
  supports: (instance) => (instance.kind === 'placement' ? yes(1000) : no('placements only')),
  run(_instance, ctx) {
    if (ctx.option('part') === 2) throw new Error('the fixture exploded on purpose');
    return { status: 'complete', count: 1n, stats: { nodes: 1, timeMs: 0 } };
  },
  split: (instance, parts) =>
    Array.from({ length: Math.max(parts, 4) }, (_, part) => ({ task: { ...instance.task, options: { part } }, weight: 1 })),
};

/** A test fixture: each of its four sub-tasks counts the GiB its run may use, to show the task's budget reaches them. */
const memoryEcho: SearchStrategy = {
  meta: { id: 'memory-echo', description: 'test fixture: counts the GiB a sub-task may use', problems: ['placement'], goals: ['count'], options: { part: option.internal('which quarter') } },
  supports: (instance) => (instance.kind === 'placement' ? yes(1000) : no('placements only')),
  run: (instance) => ({ status: 'complete', count: BigInt(Math.floor(memoryLimit(instance) / 2 ** 30)), stats: { nodes: 1, timeMs: 0 } }),
  split: (instance) => Array.from({ length: 4 }, (_, part) => ({ task: { ...instance.task, options: { part } }, weight: 1 })),
};

export default pluginModule({ strategies: [exploding, memoryEcho] });
