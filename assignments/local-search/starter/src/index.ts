/**
 * swap-repair, a strategy for bezzel: generate and test. Each try draws k distinct squares at random and keeps them
 * if no two pieces attack each other. Replace the search in `run` with your own; `npm test` and
 * `bezzel place queen -n 5 --strategy swap-repair --plugin .` (from this folder) show what it does.
 */
import { conflictTable, no, option, pluginModule, yes, type Instance, type OptionValues, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';

/**
 * The options a user can set with `-o name=value`; `bezzel list` shows them, the core checks every value. An
 * option declared with a `default` always has a value: `context.options(options)` types it `number`, not
 * `number | undefined`. One without a default may be absent.
 */
const options = {
  reportEvery: option.integer('tries between two progress reports', { min: 1, default: 10_000 }),
  maxTries: option.integer('tries before giving up (default: until the budget ends)', { min: 1 }),
};

/**
 * `auto` runs the supporting strategy with the lowest estimated wall time (in ms). A random draw succeeds too
 * rarely to estimate well, so this one says "a minute": `auto` leaves the problem to searches that know better,
 * and `--strategy swap-repair` still picks it.
 */
const ESTIMATED_MS = 60_000;

export const strategy: SearchStrategy = {
  meta: {
    id: 'swap-repair',
    description: 'Generate and test: draw k random squares until no two pieces attack each other',
    problems: ['placement'],
    goals: ['one'],
    // Different seeds give different runs: the result reports its seed, and `--seed N` repeats a run.
    stochastic: true,
    options,
    // Options checked together, once each has passed its own declaration (defaults filled in). The message is
    // what the user reads, with exit code 2, before any run; undefined when the combination is fine.
    checkOptions(values) {
      const { reportEvery, maxTries } = values as OptionValues<typeof options>;
      if (maxTries !== undefined && reportEvery > maxTries) return `reportEvery (${reportEvery}) must be at most maxTries (${maxTries}): no progress would be reported`;
      return undefined;
    },
  },

  // The core has checked `meta.problems` and `meta.goals` before it asks; say no (with the reason a user reads)
  // to anything else this strategy cannot do.
  supports(instance: Instance) {
    if (instance.kind !== 'placement') return no('it places pieces');
    if (instance.board.playable > 1_000_000) return no('its table of attacks would be too large beyond a million squares');
    return yes(ESTIMATED_MS);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'placement') throw new Error('swap-repair was run on a problem it declined');
    const { board, piece, k } = instance;
    // reportEvery is a number (it has a default); maxTries is a number or undefined.
    const { reportEvery, maxTries } = context.options(options);
    // For each square s, the squares a piece on s attacks or is attacked from: targets[offsets[s] … offsets[s + 1]].
    const { offsets, targets } = conflictTable(board, piece);
    const free: number[] = [];
    for (let square = 0; square < board.size; square++) if (!board.isRemoved(square)) free.push(square);
    const occupied = new Uint8Array(board.size);

    let tries = 0;
    // The budget (--max-steps counts tries here, --max-time, Ctrl-C) ends the loop: always ask the clock.
    while (!context.clock.exhausted(tries) && (maxTries === undefined || tries < maxTries)) {
      tries++;
      // A random k-subset: the first k places of a partial Fisher–Yates shuffle, with the seeded generator.
      for (let i = 0; i < k; i++) {
        const j = i + context.rng.below(free.length - i);
        [free[i], free[j]] = [free[j]!, free[i]!];
      }
      const drawn = free.slice(0, k);
      occupied.fill(0);
      for (const square of drawn) occupied[square] = 1;
      const clash = drawn.some((square) => targets.subarray(offsets[square]!, offsets[square + 1]!).some((t) => occupied[t] === 1));
      if (!clash) {
        // The core checks every solution before anyone sees it: a wrong one stops the command (exit code 5).
        return { status: 'solved', solutions: [{ kind: 'placement', squares: drawn }], stats: { nodes: tries, timeMs: context.clock.elapsedMs() } };
      }
      if (tries % reportEvery === 0) context.progress({ nodes: tries, message: `${tries} random draws` });
    }
    const stats = { nodes: tries, timeMs: context.clock.elapsedMs() };
    const partial = { note: `${tries} random draws, every one with an attacking pair` };
    if (context.clock.reason === 'aborted') return { status: 'aborted', partial, stats };
    // Out of tries (maxTries) is a strategy that gave up: 'stuck'; otherwise the budget's steps or time ran out.
    return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : context.clock.reason === 'steps' ? 'steps' : 'stuck', partial, stats };
  },
};

export default pluginModule({ strategies: [strategy] });
