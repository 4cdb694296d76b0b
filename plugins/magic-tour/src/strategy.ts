import { alwaysChangesColour, no, option, overMemory, UsageError, yes, type Instance, type Outcome, type PartialResult, type RunContext, type SearchStrategy, type Stats, type Support } from '@bezzel/core';
import { moveGraph, type MoveGraph } from '@bezzel/tour-graph';
import { QuarteLayout } from './quartes.js';
import { MagicTourSearch, type SearchEnd } from './search.js';
import { startSquares, type WeightedStart } from './starts.js';

type TourInstance = Extract<Instance, { kind: 'tour' }>;

export const METHODS = ['auto', 'quartes', 'plain'] as const;
type Method = Exclude<(typeof METHODS)[number], 'auto'>;

const options = {
  method: option.choice(
    "quartes: only regular tours, Beverley's 4×4 blocks (sides multiples of 4; finds, never proves none); plain: every tour (complete, so it can prove none); auto: quartes where they apply, then plain",
    METHODS,
    { default: 'auto' },
  ),
  restartNodes: option.integer(
    'nodes each start square gets before the search moves to the next; a round that finds nothing starts again with fresh random tie-breaks and twice the nodes (0: each start to the end in turn)',
    { min: 0, default: 250_000 },
  ),
};

/**
 * The time model, from bench/sections/65-magic-tours.ts and 85-auto.ts on the reference machine: a node numbers a
 * square and checks every line, about a microsecond under load. Regular (quarte) tours of 8×8, open or closed, are
 * found after about 1.1 million nodes with the default restarts; on larger boards, and for a plain search, the
 * nodes grow exponentially with the squares (as a plain tour count does), so the run is expected to spend its budget.
 */
const MS_PER_NODE = 1e-3;
const QUARTE_NODES_8X8 = 1.1e6;
const PLAIN_RATE = 0.4;
/** Bytes a square: the search's typed arrays and the move graph's two lists. */
const BYTES_PER_SQUARE = 120;

export const magicTour: SearchStrategy = {
  meta: {
    id: 'magic-tour',
    description: "Semi-magic and magic tours: depth-first along the tour, every rank, file and diagonal kept able to reach its sum; Beverley's quartes for a fast regular tour",
    problems: ['tour'],
    goals: ['one', 'all', 'count'],
    stepUnit: 'nodes',
    stochastic: true,
    magicTours: true,
    options,
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it searches tours');
    if (!instance.magic) return no('it searches magic tours only (--magic semi or --magic full)');
    const memory = overMemory(BYTES_PER_SQUARE * instance.board.size, `its search arrays on ${instance.board}`, instance);
    if (memory) return no(memory);
    const method = String(instance.task.options?.method ?? 'auto');
    if (method === 'quartes' && instance.task.goal !== 'one') return no('method quartes finds regular tours only, so it cannot list or count them all (-o method=plain)');
    const squares = instance.board.playable;
    const quartes = instance.task.goal === 'one' && method !== 'plain' && instance.board.width % 4 === 0 && instance.board.height % 4 === 0;
    const nodes = quartes && squares === 64 ? QUARTE_NODES_8X8 : Math.exp(Math.min(PLAIN_RATE * squares, 700));
    return yes(MS_PER_NODE * nodes);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour' || !instance.magic) throw new Error('magic-tour runs magic tours');
    return new MagicRunner(instance, context).run();
  },
};

/** One run: which methods, which start squares, restarts, and what to say at the end. */
class MagicRunner {
  readonly #methods: Method[];
  readonly #graph: MoveGraph;
  readonly #quartes: QuarteLayout | undefined;
  readonly #alternates: boolean;
  readonly #restartNodes: number;
  readonly #goal: TourInstance['task']['goal'];
  #restarts = 0;
  #count = 0n;
  #startsDone = 0;
  #starts: WeightedStart[] = [];
  #firstTour: Int32Array | undefined;

  constructor(
    readonly instance: TourInstance,
    readonly context: RunContext,
  ) {
    const { method, restartNodes } = context.options(options);
    const { board, piece } = instance;
    const graph = moveGraph(board, piece);
    const layout = QuarteLayout.of(board, graph);
    this.#goal = instance.task.goal;
    if (method === 'quartes' && typeof layout === 'string') throw new UsageError('ERR_OPTION', `method quartes does not apply to ${board}: ${layout}`);
    const quartes = typeof layout === 'string' || this.#goal !== 'one' ? undefined : layout;
    this.#methods = method === 'plain' || !quartes ? ['plain'] : method === 'quartes' ? ['quartes'] : ['quartes', 'plain'];
    this.#restartNodes = restartNodes;
    this.#graph = graph;
    this.#quartes = quartes;
    this.#alternates = !piece.attacks && !board.torus && alwaysChangesColour(piece.movement);
  }

  run(): Outcome {
    const { instance, context } = this;
    const { board } = instance;
    let nodes = 0;
    let backtracks = 0;
    let deepest = 0;
    let deepestPath: Int32Array | undefined;
    const tried: string[] = [];
    for (const method of this.#methods) {
      const search = new MagicTourSearch(board, this.#graph, instance.magic!, method === 'quartes' ? this.#quartes : undefined, context.rng, this.#alternates);
      search.nodes = nodes;
      const end = this.#runMethod(search);
      nodes = search.nodes;
      backtracks += search.backtracks;
      if (search.deepest > deepest) {
        deepest = search.deepest;
        deepestPath = search.deepestPath.slice(0, deepest);
      }
      tried.push(method);
      const stats = (): Stats => ({ nodes, backtracks, restarts: this.#restarts, timeMs: context.clock.elapsedMs(), extra: { method: tried.join(', then '), deepest } });
      if (end === 'stopped' && this.#firstTour) return { status: 'solved', solutions: [{ kind: 'tour', path: this.#firstTour, closed: instance.closed }], stats: stats() };
      if (end !== 'done') {
        const partial = this.#partial(deepest, deepestPath, method);
        return end === 'aborted' ? { status: 'aborted', partial, stats: stats() } : { status: 'budget', exhausted: end === 'time' ? 'time' : 'steps', partial, stats: stats() };
      }
      if (this.#goal !== 'one') return { status: 'complete', count: this.#count, stats: stats() };
      if (method === 'plain') return { status: 'impossible', proof: 'exhausted', reason: this.#noneReason(), stats: stats() };
      if (this.#methods.length === 1) {
        const note = `every regular (quarte) tour was tried and none is ${this.#what()}; -o method=plain searches every tour`;
        return { status: 'budget', exhausted: 'stuck', partial: { score: deepest, ...(deepestPath ? { best: { kind: 'tour', path: deepestPath, closed: false } } : {}), note }, stats: stats() };
      }
    }
    throw new Error('magic-tour: no method ran');
  }

  /**
   * One method from every start: for one tour, in rounds, each start searched until its node limit (none without
   * restarts), a start whose space is finished left out of later rounds; for all and count, each start once, its
   * tours weighted by the start squares its orbit stands for.
   */
  #runMethod(search: MagicTourSearch): SearchEnd {
    const { instance, context } = this;
    const { closed } = instance;
    const oneTour = this.#goal === 'one';
    this.#starts = startSquares(instance, search.graph, oneTour ? 'orbits' : this.#goal === 'all' ? 'every' : 'weighted');
    this.#startsDone = 0;
    const visit = (path: Int32Array): boolean => {
      if (oneTour) {
        this.#firstTour = path.slice();
        return true;
      }
      if (this.#goal === 'all') context.onSolution({ kind: 'tour', path: path.slice(), closed });
      return false;
    };
    const progress = () =>
      context.progress({ nodes: search.nodes, done: this.#startsDone, total: this.#starts.length, metrics: { deepest: search.deepest }, ...(oneTour ? {} : { solutions: this.#count }) });
    let open = this.#starts;
    for (let round = 0; open.length > 0; round++) {
      const nodeLimit = oneTour && this.#restartNodes > 0 ? this.#restartNodes * 2 ** Math.min(round, 40) : Number.POSITIVE_INFINITY;
      if (round > 0) {
        this.#restarts++;
        search.shuffle();
      }
      const unfinished: WeightedStart[] = [];
      for (const start of open) {
        const before = search.solutions;
        const end = search.search({ start: start.square, closed, nodeLimit }, context.clock, visit, progress, context.trace);
        this.#count += BigInt(start.weight) * BigInt(search.solutions - before);
        if (end === 'limit') unfinished.push(start);
        else if (end !== 'done') return end;
        else this.#startsDone++;
      }
      open = unfinished;
    }
    return 'done';
  }

  #partial(deepest: number, path: Int32Array | undefined, method: Method): PartialResult {
    const { board } = this.instance;
    const lines = this.instance.magic === 'full' ? 'rank, file and diagonal' : 'rank and file';
    const note =
      `the deepest walk numbered ${deepest} of ${board.playable} squares with every ${lines} still able to reach its sum;` +
      ` method ${method}, ${this.#startsDone} of ${this.#starts.length} start square${this.#starts.length === 1 ? '' : 's'} searched to the end${this.#restarts > 0 ? `, ${this.#restarts} restart${this.#restarts === 1 ? '' : 's'}` : ''}`;
    return {
      score: deepest,
      ...(path ? { best: { kind: 'tour' as const, path, closed: false } } : {}),
      ...(this.#goal === 'one' ? {} : { count: this.#count }),
      note,
    };
  }

  #what(): string {
    return `${this.instance.magic === 'semi' ? 'semi-magic' : 'magic'}`;
  }

  #noneReason(): string {
    const { board, piece, closed, start } = this.instance;
    const kind = `${this.#what()} ${closed ? 'closed ' : ''}${piece.name}'s tour`;
    return start !== undefined
      ? `no ${kind} of ${board} starts on ${board.name(start)}: the search tried every numbering from it`
      : `no ${kind} of ${board} exists: the search tried every numbering from every start square (one of each symmetric set)`;
  }
}
