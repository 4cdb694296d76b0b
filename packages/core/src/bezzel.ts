// The metadata API plugins' decorators need: the build inversify itself loads (its "lite" one, which leaves out
// polyfills of Map and WeakMap that every engine we run on has), so a command compiles one copy, not two (20 KB).
import 'reflect-metadata/lite';
import { Container, type ContainerModule } from 'inversify';
import { AnswerCheck, StrategyCrash, StrategyError } from './answer-check.js';
import { BudgetClock } from './budget.js';
import { countFloorMs } from './count-floor.js';
import { fail, ok, UsageError, type Parsed } from './errors.js';
import { isWriteFailure } from './write-failure.js';
import { checkOptionValue, type OptionValues, type StrategyOptions } from './options.js';
import { instantiate } from './instance.js';
import type { Piece } from './piece.js';
import { DEFAULT_BUDGET, type OptionValue, type Task } from './problem.js';
import type { Outcome, Result } from './result.js';
import { randomSeed, Rng } from './rng.js';
import type { Elsewhere, Instance, ProgressEvent, SearchStrategy, StrategyPart, Support, Supported, TraceEvent } from './strategy.js';
import { TYPES } from './tokens.js';
import { impossibleMagicTour, impossibleTour } from './tour-theory.js';
import { TrajectoryRecorder } from './trajectory.js';
import { impossibleDomination } from './domination.js';
import type { Solution } from './result.js';

/** A plugin with the name it was loaded by (a package name or a file), so collisions can name both sides. */
export interface NamedPlugin {
  /** The name it was loaded by: `@bezzel/queen`, `./my-piece.ts`. */
  readonly name: string;
  /** The plugin itself: its default export. */
  readonly module: ContainerModule;
}

/** What {@link createBezzel} builds a registry from. */
export interface BezzelOptions {
  /** The plugins to load, in order: default exports (`pluginModule(…)`), named or not. */
  readonly plugins: readonly (ContainerModule | NamedPlugin)[];
  /** Ids of pieces, strategies or parts to leave out, as Sprotty's `exclude` list does for modules. */
  readonly exclude?: readonly string[];
}

/** What a caller of {@link Bezzel.solve} may listen to or stop it with; all optional. */
export interface SolveHooks {
  /** Stops the run: its result is then `aborted` with what it had. */
  readonly signal?: AbortSignal;
  /** Progress as the strategy reports it. */
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Each solution of goal `all` as it is found, checked. */
  readonly onSolution?: (solution: Solution) => void;
  /** Every step, for a visualiser; strategies that trace emit {@link TraceEvent}s here. */
  readonly onTrace?: (event: TraceEvent) => void;
  /**
   * A flag another thread raises to stop the run (its first element set to non-zero): read wherever the budget's
   * clock is, so a search busy in a worker thread, which cannot see an AbortSignal fire, still stops at once.
   */
  readonly stop?: Int32Array;
  /** Where a strategy made of strategies runs its members; by default here, one after another. */
  readonly elsewhere?: Elsewhere;
}

/**
 * Builds the container from plugins, the way third-party and bundled plugins alike are loaded. Two plugins
 * that claim the same piece or strategy id stop start-up, naming both.
 */
export async function createBezzel(options: BezzelOptions): Promise<Bezzel> {
  const container = new Container();
  const owners = { piece: new Map<string, string>(), strategy: new Map<string, string>(), part: new Map<string, string>() };
  let counts = { piece: 0, strategy: 0, part: 0 };
  for (const [i, plugin] of options.plugins.entries()) {
    const { name, module } = 'module' in plugin ? plugin : { name: `plugin #${i + 1}`, module: plugin };
    try {
      await container.load(module);
    } catch (error) {
      // What a plugin's module got wrong, with the plugin's name: a user's mistake, told in one line.
      throw new UsageError('ERR_PLUGIN', `plugin ${name}: ${(error as Error).message}`);
    }
    const pieces = all<Piece>(container, TYPES.Piece);
    const strategies = all<SearchStrategy>(container, TYPES.Strategy);
    const parts = all<StrategyPart>(container, TYPES.Part);
    claim(owners.piece, pieces.slice(counts.piece).map((p) => p.id), name, 'piece');
    claim(owners.strategy, strategies.slice(counts.strategy).map((s) => s.meta.id), name, 'strategy');
    claim(owners.part, parts.slice(counts.part).map((p) => `${p.kind}/${p.id}`), name, 'part');
    counts = { piece: pieces.length, strategy: strategies.length, part: parts.length };
  }
  return new Bezzel(container, new Set(options.exclude ?? []), owners);
}

function all<T>(container: Container, id: symbol): T[] {
  return container.isBound(id) ? container.getAll<T>(id) : [];
}

function claim(owners: Map<string, string>, ids: string[], plugin: string, what: string): void {
  for (const id of ids) {
    const owner = owners.get(id);
    if (owner !== undefined) throw new Error(`Cannot redefine ${what} "${id}": both ${owner} and ${plugin} define it`);
    owners.set(id, plugin);
  }
}

/** One strategy's answer to an instance, as {@link Bezzel.support} lists them. */
export interface StrategySupport {
  /** The strategy asked. */
  strategy: SearchStrategy;
  /** Its answer. */
  support: Support;
}

/** What {@link Bezzel.cheapest} found. */
export interface Cheapest {
  /** The strategy. */
  readonly strategy: SearchStrategy;
  /** Its answer to the instance. */
  readonly support: Supported;
  /** What it costs by the caller's measure: its estimate, or more. */
  readonly ms: number;
}

/** The registry of what plugins contributed, and the Solver that runs tasks with it. */
export class Bezzel {
  /** Every piece the plugins bound, in loading order. */
  readonly pieces: readonly Piece[];
  /** Every strategy. */
  readonly strategies: readonly SearchStrategy[];
  /** Every part, of every kind. */
  readonly parts: readonly StrategyPart[];

  constructor(
    /** The inversify container the plugins were loaded into. */
    readonly container: Container,
    exclude: ReadonlySet<string> = new Set(),
    /** Which plugin (by the name it was loaded with) contributed each piece, strategy and part (`kind/id`). */
    private readonly owners: { readonly [what in 'piece' | 'strategy' | 'part']: ReadonlyMap<string, string> } = { piece: new Map(), strategy: new Map(), part: new Map() },
  ) {
    this.pieces = all<Piece>(container, TYPES.Piece).filter((p) => !exclude.has(p.id));
    this.strategies = all<SearchStrategy>(container, TYPES.Strategy).filter((s) => !exclude.has(s.meta.id));
    this.parts = all<StrategyPart>(container, TYPES.Part).filter((p) => !exclude.has(p.id));
  }

  /** The name of the plugin that contributed a piece, a strategy or a part (`kind/id`). */
  origin(what: 'piece' | 'strategy' | 'part', id: string): string | undefined {
    return this.owners[what].get(id);
  }

  /** The piece with this id. */
  piece(id: string): Piece | undefined {
    return this.pieces.find((p) => p.id === id);
  }

  /** The strategy with this id. */
  strategy(id: string): SearchStrategy | undefined {
    return this.strategies.find((s) => s.meta.id === id);
  }

  /** The part of this kind with this id. */
  part<P extends StrategyPart>(kind: string, id: string): P | undefined {
    return this.parts.find((p) => p.kind === kind && p.id === id) as P | undefined;
  }

  /** Every part of a kind: the values an option of that kind takes. */
  partsOf(kind: string): StrategyPart[] {
    return this.parts.filter((p) => p.kind === kind);
  }

  /**
   * A command asks about one task several times (whether to split it, which route, then the run): each task is
   * resolved once, and each strategy asked once whether it supports the instance (some estimate their search
   * tree to answer). Tasks and instances are never changed once made, so what they key stays true.
   */
  readonly #instances = new WeakMap<Task, Parsed<Instance>>();
  readonly #supports = new WeakMap<Instance, Map<SearchStrategy, Support>>();

  /** Resolves a task: board built, piece found, k defaulted, options checked. */
  instantiate(task: Task): Parsed<Instance> {
    let instance = this.#instances.get(task);
    if (!instance) {
      instance = instantiate(task, (id) => this.piece(id), () => this.pieces.map((p) => p.id));
      this.#instances.set(task, instance);
    }
    return instance;
  }

  /** Every strategy's answer to this instance: whether it supports it, and why not. */
  support(instance: Instance): StrategySupport[] {
    return this.strategies.map((strategy) => ({ strategy, support: this.supportOf(strategy, instance) }));
  }

  /** One strategy's answer to this instance (asked once per instance). */
  supportOf(strategy: SearchStrategy, instance: Instance): Support {
    let known = this.#supports.get(instance);
    if (!known) this.#supports.set(instance, (known = new Map()));
    let support = known.get(strategy);
    if (!support) known.set(strategy, (support = askSupport(strategy, instance)));
    return support;
  }

  /** The strategy the task names, or with `auto` the cheapest that supports it. */
  choose(instance: Instance): Parsed<SearchStrategy> {
    const id = instance.task.strategy ?? 'auto';
    if (id !== 'auto') {
      const strategy = this.strategy(id);
      if (!strategy) {
        return fail('ERR_STRATEGY', `unknown strategy "${id}"; known strategies: ${this.strategies.map((s) => s.meta.id).join(', ')}`);
      }
      const support = this.supportOf(strategy, instance);
      return support.ok ? ok(strategy) : fail('ERR_STRATEGY', `strategy ${id} cannot do this: ${support.reason}`);
    }
    // Options name a strategy's knobs (`--ordering`), so asking for one is asking for a strategy that has it.
    const asked = Object.keys(instance.task.options ?? {});
    const cheapest = this.cheapest(instance, (strategy) => asked.every((name) => declaresOption(strategy, name)));
    if (cheapest) return ok(cheapest.strategy);
    // None: every strategy's answer, to say why.
    const supporting = this.support(instance)
      .filter((c) => c.support.ok)
      .sort((a, b) => (a.support as { cost: number }).cost - (b.support as { cost: number }).cost);
    if (supporting.length === 0) {
      // The reasons of the strategies made for this kind of problem; the others only say they are not.
      const own = this.strategies.filter((s) => s.meta.problems.includes(instance.kind));
      const why = own.map((s) => `${s.meta.id}: ${(this.supportOf(s, instance) as { reason: string }).reason}`);
      return fail('ERR_STRATEGY', `no strategy can do this (${why.join('; ') || `no strategy solves ${instance.kind} problems`})`);
    }
    return fail(
      'ERR_OPTION',
      `no strategy that can do this takes option${asked.length > 1 ? 's' : ''} ${asked.map((n) => `"${n}"`).join(', ')}` +
        ` (those that can: ${supporting.map((c) => c.strategy.meta.id).join(', ')})`,
    );
  }

  /**
   * The cheapest strategy that supports the instance and passes `eligible`, by `costOf` (its estimate, by
   * default; a caller may add what its route costs, never less). Strategies are asked in order of their floors
   * (`floorMs`), and none whose floor is above the cheapest cost found: a costly estimate is made only where it
   * could win. Ties go to the strategy registered first. Undefined when none can.
   */
  cheapest(
    instance: Instance,
    eligible: (strategy: SearchStrategy) => boolean = () => true,
    costOf: (strategy: SearchStrategy, support: Supported) => number = (_strategy, support) => support.cost,
  ): Cheapest | undefined {
    // Floors only of the strategies made for this problem and goal (as `supports` is only asked of those).
    const candidates = this.strategies
      .map((strategy, order) => ({ strategy, order }))
      .filter(({ strategy }) => strategy.meta.problems.includes(instance.kind) && strategy.meta.goals.includes(instance.task.goal) && eligible(strategy))
      .map((c) => ({ ...c, floor: floorOf(c.strategy, instance) }))
      .sort((a, b) => a.floor - b.floor || a.order - b.order);
    let best: (Cheapest & { order: number }) | undefined;
    for (const { strategy, order, floor } of candidates) {
      if (best && floor > best.ms) break;
      const support = this.supportOf(strategy, instance);
      if (!support.ok) continue;
      const ms = costOf(strategy, support);
      if (!best || ms < best.ms || (ms === best.ms && order < best.order)) best = { strategy, support, ms, order };
    }
    return best && { strategy: best.strategy, support: best.support, ms: best.ms };
  }

  /**
   * Checks the task's options against what the strategy declares — names, values (converted: `"0.1"` becomes
   * 0.1) and part ids — and returns every option's value with the defaults filled in.
   */
  checkOptions(strategy: SearchStrategy, task: Task): Parsed<Record<string, OptionValue>> {
    const declared = strategy.meta.options ?? {};
    const values: Record<string, OptionValue> = {};
    for (const [name, { info }] of Object.entries(declared)) if (info.default !== undefined) values[name] = info.default;
    for (const [name, value] of Object.entries(task.options ?? {})) {
      // Own declarations only: "constructor" or "toString" is no option, whatever an object literal inherits.
      const option = Object.hasOwn(declared, name) ? declared[name] : undefined;
      if (!option) {
        const known = Object.keys(declared).filter((n) => !declared[n]!.info.internal).join(', ') || 'none';
        return fail('ERR_OPTION', `strategy ${strategy.meta.id} has no option "${name}" (its options: ${known})`);
      }
      const checked = checkOptionValue(strategy.meta.id, name, option, value);
      if (!checked.ok) return checked;
      const kind = option.info.partKind;
      if (kind && !this.part(kind, String(checked.value))) {
        return fail('ERR_OPTION', `option ${name} of ${strategy.meta.id} must be one of ${this.partsOf(kind).map((p) => p.id).join(', ')}, not ${JSON.stringify(value)}`);
      }
      values[name] = checked.value;
    }
    const together = strategy.meta.checkOptions?.(values, { meta: (id) => this.strategy(id)?.meta });
    if (together) return fail('ERR_OPTION', `${strategy.meta.id}: ${together}`);
    return ok(values);
  }

  /**
   * Throws the usage error for a mistake in the options of the strategy a task names (none for `auto` or an
   * unknown id): said before whether that strategy can do the task, since the mistake is the user's to fix.
   */
  checkNamedOptions(task: Task): void {
    const declared = task.strategy !== undefined && task.strategy !== 'auto' ? this.strategy(task.strategy) : undefined;
    if (!declared) return;
    const checked = this.checkOptions(declared, task);
    if (!checked.ok) throw checked.error;
  }

  /** Other tasks run in this thread, one after another, stopped with the run that started them. */
  #here(signal: AbortSignal, stop: Int32Array | undefined): Elsewhere {
    return {
      parallel: false,
      solve: (task, watch = {}) => {
        const controller = new AbortController();
        const abort = () => controller.abort();
        signal.addEventListener('abort', abort, { once: true });
        const result = this.solve(task, { ...watch, signal: controller.signal, ...(stop ? { stop } : {}) }).finally(() => signal.removeEventListener('abort', abort));
        return { result, stop: abort, poll: () => {} };
      },
    };
  }

  /** What theory decides before any search: why no solution exists, or undefined when only a search can tell. */
  theory(instance: Instance): string | undefined {
    if (instance.kind === 'tour') {
      const { board, piece, closed, start, magic } = instance;
      return impossibleTour(board, piece, closed, start) ?? (magic ? impossibleMagicTour(board, piece, magic) : undefined);
    }
    if (instance.kind === 'dominate') return impossibleDomination(instance.board, instance.piece, instance.variant);
    return undefined;
  }

  /**
   * Runs a task: theory first (a tour that cannot exist is answered at once), then the chosen strategy with
   * the budget, the abort signal and a seeded RNG. Throws UsageError for a task a user got wrong.
   */
  async solve(task: Task, hooks: SolveHooks = {}): Promise<Result> {
    const instance = this.instantiate(task);
    if (!instance.ok) throw instance.error;
    const started = performance.now();
    // A strategy the user named must be able to do the task, theorem or not: it either answers or is refused
    // with its reason, never silently replaced. Where a theorem then rules every solution out, it answers for
    // the named strategy, and the reason says so.
    const named = task.strategy !== undefined && task.strategy !== 'auto';
    this.checkNamedOptions(task);
    const chosen = named ? this.choose(instance.value) : undefined;
    if (chosen && !chosen.ok) throw chosen.error;
    const reason = this.theory(instance.value);
    if (reason) {
      const instead = named ? ` (a theorem, so ${task.strategy} had nothing to search)` : '';
      return { status: 'impossible', reason: `${reason}${instead}`, proof: 'theorem', strategy: 'theorem', task, stats: { nodes: 0, timeMs: performance.now() - started } };
    }
    const strategy = chosen ?? this.choose(instance.value);
    if (!strategy.ok) throw strategy.error;
    const options = this.checkOptions(strategy.value, task);
    if (!options.ok) throw options.error;
    const values = options.value;

    const seed = task.seed ?? randomSeed();
    const signal = hooks.signal ?? new AbortController().signal;
    const budget = { ...DEFAULT_BUDGET, ...withoutUndefined(task.budget ?? {}) };
    // Every solution and the result itself pass the core's check before anyone sees them.
    const subTask = Object.keys(task.options ?? {}).some((name) => strategy.value.meta.options?.[name]?.info.internal);
    const check = new AnswerCheck(instance.value, strategy.value.meta.id, !subTask);
    const onSolution = hooks.onSolution;
    const recorder = task.trajectory && strategy.value.meta.quality !== undefined ? new TrajectoryRecorder() : undefined;
    const context = {
      clock: new BudgetClock(budget, signal, hooks.stop),
      signal,
      rng: new Rng(seed),
      progress: hooks.onProgress ?? (() => {}),
      onSolution: (solution: Solution) => {
        const checked = check.streamedSolution(solution);
        onSolution?.(checked);
      },
      part: <P extends StrategyPart>(kind: string, id: string) => this.part<P>(kind, id),
      option: (name: string) => values[name],
      options: <O extends StrategyOptions>(_declared: O) => values as OptionValues<O>,
      ...(hooks.onTrace ? { trace: hooks.onTrace } : {}),
      ...(recorder ? { trajectory: recorder } : {}),
      elsewhere: hooks.elsewhere ?? this.#here(signal, hooks.stop),
    };
    let answer: unknown;
    try {
      answer = await strategy.value.run(instance.value, context);
    } catch (error) {
      if (error instanceof UsageError || error instanceof StrategyError || isWriteFailure(error)) throw error;
      throw new StrategyCrash(strategy.value.meta.id, error);
    }
    const outcome: Outcome = check.outcome(answer);
    const stats = {
      ...outcome.stats,
      timeMs: outcome.stats.timeMs || performance.now() - started,
      ...(recorder && recorder.length > 0 && !outcome.stats.trajectory ? { trajectory: recorder.trajectory() } : {}),
    };
    return {
      ...outcome,
      stats,
      strategy: strategy.value.meta.id,
      task,
      ...(strategy.value.meta.stochastic ? { seed } : {}),
    } as Result;
  }
}

function askSupport(strategy: SearchStrategy, instance: Instance): Support {
  const { meta } = strategy;
  if (!meta.problems.includes(instance.kind)) return { ok: false, reason: `it does not solve ${instance.kind} problems` };
  if (!meta.goals.includes(instance.task.goal)) {
    return { ok: false, reason: `it does not do goal ${instance.task.goal} (it does ${meta.goals.join(', ')})` };
  }
  if (instance.kind === 'tour' && instance.magic && !meta.magicTours) return { ok: false, reason: 'it does not search for magic tours' };
  try {
    const support = strategy.supports(instance);
    if (support?.ok === true && typeof support.cost === 'number' && !Number.isNaN(support.cost)) return support;
    if (support?.ok === false && typeof support.reason === 'string') return support;
    return { ok: false, reason: `its supports() gave no answer Bezzel understands (${String(JSON.stringify(support))})` };
  } catch (error) {
    // A plugin's bug in supports() rules that strategy out, and says why; other strategies still serve.
    return { ok: false, reason: `its supports() failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * A strategy's floor: the larger of its `floorMs` and its declared `countFloor`; 0 when it has neither or they fail
 * (then it is asked, as any other).
 */
function floorOf(strategy: SearchStrategy, instance: Instance): number {
  try {
    const floor = Math.max(strategy.floorMs?.(instance) ?? 0, countFloorMs(strategy.meta.countFloor, instance));
    return Number.isFinite(floor) && floor > 0 ? floor : 0;
  } catch {
    return 0;
  }
}

function declaresOption(strategy: SearchStrategy, name: string): boolean {
  return Object.hasOwn(strategy.meta.options ?? {}, name);
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export { UsageError };
