import type { ProgressEvent, Result, Solution, TraceEvent } from '@bezzel/core';
import { pageWords } from '../shared/page-words.js';
import { KEPT_SOLUTIONS, TRACE_CAP, type WorkerMessage } from './protocol.js';
import { pathTrace, placementTrace, Replay } from './replay.js';
import { SearchTree } from './search-tree.js';
import { Annealing, Series } from './series.js';
import type { CheckedSetup } from '../setup/setup-check.js';
import { startWorker, type WorkerJob } from './worker-client.js';

let runs = 0;

/** Larger boards run untraced: a recording would be cut at the cap long before the answer anyway. */
export const MAX_TRACED_SQUARES = 250_000;

/**
 * Local searches with one piece a column whose every step is a move (one small event: the square left, the square
 * taken, h): their recording is the start's n placements and then a move a step, the board rebuilt from the moves,
 * never a snapshot. They are recorded on boards up to this side whatever the squares — 1000 queens' repairs are a few
 * thousand events (min-conflicts from a random start: about 1,770 at seed 1, 95 from the greedy one).
 */
export const MAX_TRACED_MOVES_SIDE = 10_000;
export const MOVE_RECORDED_STRATEGIES: readonly string[] = ['min-conflicts', 'hill-climbing', 'tabu', 'simulated-annealing'];

/** Whether a run of this set-up can be recorded step by step (what `traced` is when recording is asked for). */
export function recordable(setup: Pick<CheckedSetup, 'board' | 'strategy'>): boolean {
  if (setup.board.size <= MAX_TRACED_SQUARES) return true;
  return MOVE_RECORDED_STRATEGIES.includes(setup.strategy.meta.id) && Math.max(setup.board.width, setup.board.height) <= MAX_TRACED_MOVES_SIDE;
}

/**
 * One run as the page holds it: what was asked, and what has arrived from its worker so far — the recorded
 * steps (replayed by `replay`, drawn as a tree by `tree`), the solutions kept for the gallery, the curves,
 * and in the end the result or the error that stands instead of one.
 */
export class Run {
  /** Runs are numbered from 1 in the order they start. */
  readonly id = ++runs;
  readonly events: TraceEvent[] = [];
  readonly replay: Replay;
  readonly tree: SearchTree;
  /** Solutions kept (the first KEPT_SOLUTIONS), and how many were found in all. */
  readonly solutions: Solution[] = [];
  solutionCount = 0;
  /** h per step, or best and mean fitness per generation. */
  readonly metrics = new Map<string, Series>();
  /** Simulated annealing: the temperature per step, and the share of uphill proposals accepted lately. */
  readonly annealing = new Annealing();
  result?: Result;
  error?: string;
  /** Events kept when the recording stopped at the cap. */
  capped?: number;
  /** Steps the run made in all, recorded or not (told at the end, when the recording stopped at the cap). */
  steps?: number;
  live?: ProgressEvent;
  /** An answer too big to replay, drawn as a picture at the end. */
  picture?: Solution;
  readonly notes: string[] = [];
  /** When the result arrived, and how long drawing it took (the page writes it for tests and curious users). */
  finishedAt?: number;
  /** Bumped on every message, so views redraw only when something arrived. */
  version = 0;
  readonly traced: boolean;
  #job: WorkerJob | undefined;
  #settle: () => void = () => {};
  /** Resolved once the run has ended: answered, failed or stopped. */
  readonly settled = new Promise<void>((resolve) => (this.#settle = resolve));

  constructor(
    readonly setup: CheckedSetup,
    wantsTrace: boolean,
    pieceName: string,
    private readonly changed: (run: Run) => void,
  ) {
    this.replay = new Replay(this.events, setup.board.width);
    this.tree = new SearchTree(setup.board.width);
    this.traced = wantsTrace && recordable(setup);
    if (wantsTrace && !this.traced) {
      this.notes.push(
        `Boards over ${MAX_TRACED_SQUARES.toLocaleString('en')} squares are recorded step by step only for ${MOVE_RECORDED_STRATEGIES.join(', ')}, up to ${MAX_TRACED_MOVES_SIDE.toLocaleString('en')} a side.`,
      );
    }
    this.#job = startWorker({ task: setup.task, pieceName, trace: this.traced }, (message) => this.#receive(message));
  }

  get running(): boolean {
    return this.#job !== undefined;
  }

  /** Ends the worker, keeping what was recorded. */
  stop(): void {
    this.#job?.stop();
    this.#job = undefined;
    this.version++;
    this.#settle();
  }

  #receive(message: WorkerMessage): void {
    switch (message.type) {
      case 'trace':
        for (const event of message.events) {
          this.events.push(event);
          if (event.type === 'local') {
            this.#series('h').add(event.step, event.h);
            this.annealing.add(event);
          } else if (event.type === 'generation' || event.type === 'population') {
            this.#series('best').add(event.generation, event.best);
            this.#series('mean').add(event.generation, event.mean);
          }
        }
        this.tree.update(this.events);
        break;
      case 'trace-capped':
        this.capped = message.kept;
        break;
      case 'progress':
        for (const event of message.events) {
          this.live = event;
          // A recorded run draws its curves from its steps, so they line up with the replay.
          if (!this.traced) for (const [name, value] of Object.entries(event.metrics ?? {})) this.#series(name).add(this.#series(name).length, value);
        }
        break;
      case 'solutions':
        for (const solution of message.solutions) if (this.solutions.length < KEPT_SOLUTIONS) this.solutions.push(solution);
        this.solutionCount += message.solutions.length;
        break;
      case 'done':
        this.#job = undefined;
        this.result = message.result;
        if (message.traced !== undefined) this.steps = message.traced;
        this.#recorded();
        this.finishedAt = performance.now();
        this.#settleAnswer();
        break;
      case 'error':
        this.#job = undefined;
        this.error = pageWords(message.message);
        break;
    }
    this.version++;
    this.changed(this);
    if (!this.#job && (message.type === 'done' || message.type === 'error')) this.#settle();
  }

  /**
   * Where the finished run opens: at the step that found the set it answers with, when its steps hold one (a
   * minimum's last set, not the larger ones found on the way), else at its first solution, else at the end.
   */
  openingPosition(): number {
    const replay = new Replay(this.events, this.setup.board.width);
    const answer = this.#answerSet();
    if (this.traced && answer) {
      const wanted = [...answer].sort((a, b) => a - b).join(',');
      for (let i = 0; i < this.events.length; i++) {
        replay.forward();
        if (this.events[i]!.type === 'solution' && [...replay.squares].sort((a, b) => a - b).join(',') === wanted) return i + 1;
      }
    }
    return (this.traced ? new Replay(this.events, this.setup.board.width).nextSolution() : undefined) ?? this.events.length;
  }

  /** The placement a domination result answers with: its set, or the smallest a stopped run reached. */
  #answerSet(): readonly number[] | undefined {
    const result = this.result;
    if (!result || result.task.problem.kind !== 'dominate') return undefined;
    const solution = 'solutions' in result ? result.solutions?.[0] : result.status === 'budget' || result.status === 'aborted' ? result.partial?.best : undefined;
    return solution?.kind === 'placement' ? solution.squares : undefined;
  }

  #series(name: string): Series {
    let s = this.metrics.get(name);
    if (!s) this.metrics.set(name, (s = new Series()));
    return s;
  }

  /** What the timeline holds, said once the run has ended: every step, or the first steps of how many. */
  #recorded(): void {
    if (!this.traced || this.events.length === 0) return;
    const n = (x: number) => x.toLocaleString('en');
    if (this.capped === undefined) this.notes.unshift(`Every step recorded: ${n(this.events.length)} steps on the timeline.`);
    else {
      const of = this.steps !== undefined && this.steps > this.capped ? ` of ${n(this.steps)}` : '';
      this.notes.unshift(`Recording stopped after ${n(this.capped)} steps (steps 1–${n(this.capped)}${of} recorded); the run went on without recording.`);
    }
  }

  /** An unrecorded run still shows its answer: replayed piece by piece when small, else as a picture. */
  #settleAnswer(): void {
    const result = this.result!;
    const solution =
      ('solutions' in result ? result.solutions?.[0] : result.status === 'budget' || result.status === 'aborted' ? result.partial?.best : undefined) ?? this.solutions[0];
    // Goal one and maximum stream nothing: the result's solutions are the ones to show.
    if (result.status === 'solved' && this.solutions.length === 0) this.solutions.push(...result.solutions.slice(0, KEPT_SOLUTIONS));
    if (!solution || (this.events.length > 0 && this.capped === undefined)) return;
    const size = solution.kind === 'tour' ? solution.path.length : solution.squares.length;
    if (size > TRACE_CAP || this.events.length > 0) {
      this.picture = solution;
      // A recording cut short says so already; its answer is not big, only past the recording's end.
      this.notes.push(
        this.events.length > 0
          ? `The ${solution.kind === 'tour' ? 'tour' : 'answer'} it found is drawn at the end of the timeline.`
          : `The answer has ${size.toLocaleString('en')} squares: too many to replay step by step, so it is drawn as a picture.`,
      );
    } else {
      this.events.push(...(solution.kind === 'tour' ? pathTrace(solution.path) : placementTrace(solution.squares)));
      this.tree.update(this.events);
      this.notes.push(`No search steps were recorded, so the answer is replayed ${solution.kind === 'tour' ? 'move by move' : 'piece by piece'}.`);
    }
  }
}
