import { isWriteFailure, no, option, outOfRoom, overMemory, systemReason, TOUR_DIRECTIONS, tourDirection, UsageError, WriteFailure, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { makeFolders, removeMade } from '@bezzel/files';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countWalks, type Part } from './dp.js';
import { frontierWidth, orderedGraph, type OrderedGraph } from './graph.js';
import { countCyclesSpilled, SPILL_SLOTS, spillDirProblem, SpillSweep, STATES_PER_GROUP, threadRunner } from './spill.js';

/** Frontier squares a state holds at most (4 bits each in three 32-bit words). */
export const MAX_FRONTIER = 24;

/**
 * The time and memory model, fitted on closed knight's tours (bench in the README): the most states after a
 * vertex grow about 4.3× a frontier square (`frontierWidth` 11: 13,500; 13, six ranks: 280,000; 15: 4.9
 * million), more for open tours, which also carry the tour's ends (5×10: 16×, 6×6: 13×); about ten times
 * the peak are stepped once (1 µs each; the rest reuse stored transitions), then each state costs about 0.15 µs
 * a vertex; each stepped state keeps about 45 bytes (its key, its place in the index, its successor list).
 */
const STATES_AT_13 = 280_000;
const STATE_GROWTH = 4.3;
const PATH_FACTOR = 16;
const BUILT_PER_PEAK = 10;
const MS_PER_BUILT = 1e-3;
const MS_PER_STATE_VERTEX = 1.5e-4;
const BYTES_PER_BUILT = 45;
const BYTES_PER_PEAK = 2 * 8 * 8;
/**
 * Past this many states the transitions are not kept (`countWalks`' `store`): each step then works every state
 * out afresh, and needs only two indexes and two count vectors, about 100 bytes a state (8×8 closed).
 */
const STORE_LIMIT = 4_000_000;
const BYTES_PER_STREAMED = 100;
const SPLIT_SHARE = 4;

const graphs = new WeakMap<object, Map<string, OrderedGraph>>();

function graphOf(instance: Extract<Instance, { kind: 'tour' }>): OrderedGraph {
  const key = `${instance.board.width}x${instance.board.height}:${instance.board.torus ? 't' : ''}:${instance.board.removed.join(',')}`;
  let perPiece = graphs.get(instance.piece);
  if (!perPiece) graphs.set(instance.piece, (perPiece = new Map()));
  let graph = perPiece.get(key);
  if (!graph) {
    graph = orderedGraph(instance.board, instance.piece);
    if (perPiece.size >= 32) perPiece.delete(perPiece.keys().next().value!);
    perPiece.set(key, graph);
  }
  return graph;
}

/**
 * States the DP will keep at most at once, by the model above; a small board, whose frontier is most of it,
 * never reaches that: about 2^(0.6 n) at most for n squares (5×5 open: 28,504; 6×6 open: 3.5 million).
 */
function statesGuess(width: number, paths: boolean, vertices: number): number {
  return Math.min(STATES_AT_13 * STATE_GROWTH ** (width - 13) * (paths ? PATH_FACTOR : 1), 2 ** (0.6 * vertices));
}

/**
 * Tour counts by frontier dynamic programming: the board is swept a line across its shorter side at a time,
 * and the state is how the squares on the frontier are joined by the partial tour (see `countWalks`). Counts
 * closed tours (Hamiltonian cycles) and open tours without a start (Hamiltonian paths) of any piece whose moves
 * go both ways; the work grows with the frontier (about twice the shorter side for a knight), not with the
 * number of tours, and a long board's middle lines reuse stored transitions: closed knight's tours of 6×40 in
 * seconds.
 */
export const frontierDp: SearchStrategy = {
  meta: {
    id: 'frontier',
    description: 'tour counts by frontier dynamic programming over how the partial tour joins the squares of the sweep line: narrow boards of any length (6×40 closed knight\'s tours in seconds), and with -o spill the states on disk (8×8 closed, 13,267,364,410,532, in 25 minutes)',
    problems: ['tour'],
    goals: ['count'],
    options: {
      direction: option.choice(
        'directed (a tour and its reversal are two) or undirected (one); default: directed for open tours (OEIS A165134), undirected for closed ones (OEIS A001230)',
        TOUR_DIRECTIONS,
      ),
      spill: option.text(
        'a directory for the states between squares, on disk instead of in memory (closed tours whose frontier is at most 16 squares: 8×8 and 7×n), written as the run goes; the same command with the same directory resumes where a stopped run was',
        { min: 1 },
      ),
      threads: option.integer('threads working out a spilled run\'s groups of states at once (with spill)', { min: 1, max: 256, default: 1 }),
      part: option.internal('the sub-task split() writes, "index/parts": count only the tours whose boundary class (see countWalks\' Part) after the middle line is index'),
    },
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'tour') return no('it counts tours');
    if (instance.task.goal !== 'count') return no('it counts tours; it does not find one');
    if (instance.start !== undefined) return no('it counts tours from anywhere; a given start is for backtracking');
    if (instance.magic) return no('a magic tour depends on the numbering, which the frontier does not keep');
    if (instance.piece.attacks) return no(`the ${instance.piece.name} has its own attack rule; its moves are taken from its vectors only by search`);
    if (instance.board.playable > 100_000) return no(`${instance.board} has more squares than a count could ever finish`);
    const graph = graphOf(instance);
    if (!graph.symmetric) return no(`the ${instance.piece.name}'s moves cannot all be made back, so a tour is not the same walked backwards`);
    const width = frontierWidth(graph);
    if (instance.task.options?.['spill'] !== undefined) return supportsSpilled(instance, graph, width);
    if (instance.task.options?.['threads'] !== undefined) return no('-o threads is for a spilled run (with -o spill=DIR); a count in memory is one thread, or sub-tasks with --workers');
    if (width > MAX_FRONTIER) return no(`its frontier on ${instance.board} is ${width} squares; a state holds at most ${MAX_FRONTIER}`);
    const states = statesGuess(width, !instance.closed, graph.n);
    const store = states < STORE_LIMIT;
    // A sub-task keeps fewer states (8×8 closed in 16 parts: about a quarter at the widest), not 1/parts: the
    // classes mix again a line after the cut.
    const part = instance.task.options?.['part'] !== undefined ? SPLIT_SHARE : 1;
    const memory = overMemory((states / part) * (store ? BUILT_PER_PEAK * BYTES_PER_BUILT + BYTES_PER_PEAK : BYTES_PER_STREAMED), `about ${Math.round(states).toLocaleString('en-US')} frontier states (a frontier of ${width} squares)`, instance);
    if (memory) return no(instance.closed && width <= SPILL_SLOTS + 1 ? `${memory}; -o spill=DIR keeps them on disk` : memory);
    return yes(1 + (store ? MS_PER_BUILT * BUILT_PER_PEAK * states + MS_PER_STATE_VERTEX * states * graph.n : MS_PER_BUILT * states * graph.n));
  },

  run(instance: Instance, ctx: RunContext): Outcome | Promise<Outcome> {
    if (instance.kind !== 'tour') throw new Error('frontier was run on a placement');
    const graph = graphOf(instance);
    const spill = ctx.option('spill');
    if (spill !== undefined) return runSpilled(instance, graph, ctx, String(spill));
    const started = performance.now();
    const walk = instance.closed ? 'cycles' : 'paths';
    const direction = tourDirection(instance.task) ?? 'directed';
    const store = statesGuess(frontierWidth(graph), walk === 'paths', graph.n) < STORE_LIMIT;
    const part = partOf(instance, graph, ctx.option('part') as string | number | undefined);
    const result = countWalks(
      graph,
      walk,
      (states) => ctx.clock.exhausted(states),
      (vertex, states) => {
        if ((vertex & 15) === 0 || !store) ctx.progress({ done: vertex, total: graph.n, message: `${states.toLocaleString('en-US')} states` });
      },
      store,
      part,
    );
    const stats = {
      nodes: result.states,
      timeMs: performance.now() - started,
      extra: { counted: direction, frontier: frontierWidth(graph), peakStates: result.peakStates, stepped: result.built, limbs: result.limbs },
    };
    if (result.count === undefined) {
      const note = 'the frontier DP stopped before the last square';
      return ctx.clock.reason === 'aborted' ? { status: 'aborted', stats, partial: { note } } : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats, partial: { note } };
    }
    // Each walk once; directed, each both ways (a path of one square is the same both ways).
    const both = direction === 'directed' && graph.n > 1 ? 2n : 1n;
    return { status: 'complete', count: result.count * both, stats };
  },

  /**
   * Only a board whose states pass what a step keeps stored splits (8×8 and wider; a narrow board is fastest
   * whole, one sub-task): sub-task i of n counts the tours whose boundary class after the middle line is i. Each runs the
   * sweep to the middle again (8×8: 3.4 million states, about 10 s) and keeps its class from there; the
   * classes add up to every tour once.
   */
  split(instance: Instance, parts: number) {
    if (instance.kind !== 'tour' || instance.task.goal !== 'count' || instance.task.options?.['part'] !== undefined) return undefined;
    // A spilled run is one run: its groups are worked out by its own threads, and its directory is its checkpoint.
    if (instance.task.options?.['spill'] !== undefined) return undefined;
    const graph = graphOf(instance);
    if (!graph.symmetric || frontierWidth(graph) > MAX_FRONTIER) return undefined;
    // A narrow board is one sub-task, the whole: splitting it would repeat the sweep in every part, and saying
    // so (rather than not splitting) keeps `--workers` or `--checkpoint` with `auto` from picking a splitter
    // that is far slower (backtracking 6×30 would never end).
    if (statesGuess(frontierWidth(graph), !instance.closed, graph.n) < STORE_LIMIT) return [{ task: instance.task, weight: 1 }];
    const n = Math.max(parts, 2);
    return Array.from({ length: n }, (_, index) => ({ task: { ...instance.task, options: { ...instance.task.options, part: `${index}/${n}` } }, weight: 1 }));
  },
};

/** The cut of option `part` ("index/parts"): after the last vertex of the board's first half of lines. */
function partOf(instance: Extract<Instance, { kind: 'tour' }>, graph: OrderedGraph, value: string | number | undefined): Part | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(String(value));
  if (!match || Number(match[1]) >= Number(match[2])) throw new UsageError('ERR_OPTION', `option part is "index/parts" with index below parts, as split() writes it (as 3/16), not "${value}"`);
  const { board } = instance;
  const acrossColumns = board.width >= board.height;
  const lines = acrossColumns ? board.width : board.height;
  const lineOf = (sq: number) => (acrossColumns ? sq % board.width : Math.floor(sq / board.width));
  let step = -1;
  for (let v = 0; v < graph.n; v++) if (lineOf(graph.square[v]!) < Math.floor(lines / 2)) step = v;
  return { step: Math.max(step, 0), span: acrossColumns ? board.height : board.width, parts: Number(match[2]), index: Number(match[1]) };
}

/**
 * A spilled run that could not write its states (a full disk, a read-only one): one line saying so and what is
 * left. The groups of states finished are kept, which is where the same command resumes once there is room; a directory
 * this run made with nothing finished in it is taken away, so a failure leaves nothing behind.
 */
function spillWriteFailure(error: WriteFailure, directory: string, dir: string, made: readonly string[]): WriteFailure {
  const kept = existsSync(dir) && readdirSync(dir).some((entry) => entry === 'result.json' || (/^after-\d+$/.test(entry) && readdirSync(join(dir, entry)).some((file) => /^(group-\d+\.(bin|json)|done\.json)$/.test(file))));
  if (!kept) {
    if (made.length > 0) removeMade(made);
    else if (existsSync(dir)) for (const entry of readdirSync(dir)) if (entry === 'manifest.json' || /^after-\d+$/.test(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
  }
  const fix = outOfRoom(error) ? 'make room' : 'make it writable';
  const advice = kept ? `the work finished is kept in ${directory}: ${fix} and run the same command to resume` : `nothing was kept: ${fix}, or give -o spill a directory on another disk`;
  return new WriteFailure(`the states in ${directory}`, error.reason, advice);
}

/** What a spilled run's manifest calls it. */
const spillLabel = (instance: Extract<Instance, { kind: 'tour' }>) => `${instance.piece.name}, ${instance.board}`;

/** Bytes a thread of a spilled run holds at most: a group's input, table and output (24 bytes a state each). */
const SPILL_BYTES_PER_THREAD = STATES_PER_GROUP * 24 * 16;

function supportsSpilled(instance: Extract<Instance, { kind: 'tour' }>, graph: OrderedGraph, width: number): Support {
  if (!instance.closed) return no('a spilled run counts closed tours; open ones are counted in memory');
  // frontierWidth counts the square being added; the states hold the frontier between squares.
  if (width - 1 > SPILL_SLOTS) return no(`its frontier on ${instance.board} is ${width - 1} squares; a state on disk holds at most ${SPILL_SLOTS}`);
  const problem = spillDirProblem(new SpillSweep(graph, resolve(String(instance.task.options?.['spill'])), spillLabel(instance)));
  if (problem) return no(problem);
  const threads = Number(instance.task.options?.['threads'] ?? 1);
  const memory = overMemory(threads * SPILL_BYTES_PER_THREAD, `${threads} thread${threads === 1 ? '' : 's'} of a spilled run`, instance);
  if (memory) return no(memory);
  return yes(1 + MS_PER_BUILT * statesGuess(width, false, graph.n) * graph.n);
}

/**
 * The closed tours counted with the states on disk (`countCyclesSpilled`): progress a square at a time, Ctrl-C
 * or the budget stop it between groups, and what is on disk is where the same command resumes.
 */
async function runSpilled(instance: Extract<Instance, { kind: 'tour' }>, graph: OrderedGraph, ctx: RunContext, directory: string): Promise<Outcome> {
  const started = performance.now();
  const dir = resolve(directory);
  const threads = Number(ctx.option('threads') ?? 1);
  const direction = tourDirection(instance.task) ?? 'directed';
  let sweep: SpillSweep;
  let runner: ReturnType<typeof threadRunner> | undefined;
  let seen = 0;
  let made: string[] = [];
  try {
    made = makeFolders(dir, directory);
    sweep = new SpillSweep(graph, dir, spillLabel(instance));
    runner = threadRunner(sweep, threads);
    const result = await countCyclesSpilled(
      sweep,
      runner.run,
      runner.parallel,
      (p) => {
        seen = p.seen;
        ctx.progress({ nodes: p.seen, done: p.step, total: graph.n, message: `square ${p.step + 1} of ${graph.n}: ${p.states.toLocaleString('en-US')} states, ${p.resumed ? 'on disk from before' : `group ${p.groupsDone} of ${p.groups}`}` });
      },
      () => ctx.clock.exhausted(seen),
    );
    const stats = {
      nodes: result.states,
      timeMs: performance.now() - started,
      extra: {
        counted: direction,
        frontier: frontierWidth(graph),
        peakStates: result.peakStates,
        spilled: dir,
        resumedSteps: result.resumedSteps,
        ...(result.stopped ? {} : { residues: `${result.high} mod 2^52, ${result.prime} mod 2^51-129` }),
      },
    };
    if (result.stopped) {
      const partial = { note: `the states are in ${dir} (square ${result.stopped.step + 1} of ${graph.n} part done), and the same command resumes from there` };
      return ctx.clock.reason === 'aborted' ? { status: 'aborted', stats, partial } : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats, partial };
    }
    if (result.count === undefined) throw new Error('the count may pass what its two residues prove (Brégman\'s bound is over 2^102)');
    return { status: 'complete', count: result.count * (direction === 'directed' ? 2n : 1n), stats };
  } catch (error) {
    if (isWriteFailure(error)) throw spillWriteFailure(error, directory, dir, made);
    const code = (error as { code?: unknown }).code;
    if (code === 'EOTHERRUN') throw new UsageError('ERR_FOLDER', `${dir}: ${(error as Error).message}`);
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw new UsageError('ERR_FOLDER', `${dir}: ${systemReason(error)}`);
    throw error;
  } finally {
    await runner?.close();
  }
}
