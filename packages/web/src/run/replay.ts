import type { TraceEvent } from '@bezzel/core';

type LocalEvent = Extract<TraceEvent, { type: 'local' }>;
type GenerationEvent = Extract<TraceEvent, { type: 'generation' }>;
type PopulationEvent = Extract<TraceEvent, { type: 'population' }>;

/**
 * The square an event puts a piece on at a depth, for the events of depth-first placements: `place`, a csp
 * `assign` (column `variable`, row `value`) and a dancing-links `cover` (the option's square).
 */
export function placedSquare(event: TraceEvent, width: number): number | undefined {
  if (event.type === 'place') return event.square;
  if (event.type === 'assign') return event.value * width + event.variable;
  if (event.type === 'cover') return event.row;
  return undefined;
}

/** A row per column (`rows[c]` the row of column c's piece) as squares. */
export function rowsToSquares(rows: readonly number[]): number[] {
  const n = rows.length;
  return rows.map((row, col) => row * n + col);
}

/**
 * Plays a recorded trace forwards and backwards. Most events can be undone from the event alone (a removal
 * names its square and depth); the few that forget squares — a local search starting afresh, a tour walk
 * restarting, a generation's new best walk — keep what they replaced the first time they are played, so
 * stepping back over them restores it. Stepping back therefore costs what stepping forward does, and any
 * position reached by any path of steps shows the same board as playing from the start.
 */
export class Replay {
  /** Events applied so far: the board shows the state after `events[0 .. position)`. */
  position = 0;
  /** Placement: the pieces by depth. Tour: the path. Local search: the pieces in no order. */
  readonly squares: number[] = [];
  /** Search nodes so far: placements, and tour moves beyond the start (what the strategies' stats count). */
  nodes = 0;
  solutions = 0;
  /** Local-search steps so far (moves of a piece). */
  moves = 0;
  readonly #solutionAt = new Map<number, { readonly index: number; readonly squares: readonly number[] }>();
  /** Squares an event dropped, by its position, to put back when stepping back over it. */
  readonly #forgotten = new Map<number, number[]>();
  /** For each event, the position of the latest `local` event at or before it (-1: none); grows with the trace. */
  readonly #lastLocal: number[] = [];
  readonly #lastGeneration: number[] = [];
  readonly #lastPopulation: number[] = [];
  /** The position of the event that put each piece of `squares` at its depth (depth-first placements). */
  readonly origins: number[] = [];
  /** Origins a taking-back event dropped, by its position, to put back when stepping back over it. */
  readonly #droppedOrigin = new Map<number, number>();

  /** `width` is the board's, for csp events, which name a column and a row rather than a square. */
  constructor(
    readonly events: readonly TraceEvent[],
    readonly width = 0,
  ) {}

  get length(): number {
    return this.events.length;
  }

  /** The event that made the current state, if any. */
  get last(): TraceEvent | undefined {
    return this.position > 0 ? this.events[this.position - 1] : undefined;
  }

  /** Search depth: pieces placed, or squares in the path beyond the start. */
  get depth(): number {
    const last = this.last;
    if (last?.type === 'population') return 0;
    return last?.type === 'move' || last?.type === 'retreat' || last?.type === 'generation' ? Math.max(this.squares.length - 1, 0) : this.squares.length;
  }

  forward(): boolean {
    if (this.position >= this.events.length) return false;
    const event = this.events[this.position]!;
    const s = this.squares;
    switch (event.type) {
      case 'place':
      case 'assign':
      case 'cover':
      case 'move': {
        const square = event.type === 'move' ? event.square : placedSquare(event, this.width)!;
        if (s.length > event.depth) this.#forget(s.slice(event.depth));
        s.length = event.depth;
        s.push(square);
        this.origins.length = event.depth;
        this.origins.push(this.position);
        if (event.type !== 'move' || event.depth > 0) this.nodes++;
        break;
      }
      case 'remove':
      case 'unassign':
      case 'uncover':
      case 'retreat':
        if (!this.#droppedOrigin.has(this.position) && this.origins.length > event.depth) this.#droppedOrigin.set(this.position, this.origins[event.depth]!);
        s.length = event.depth;
        this.origins.length = Math.min(this.origins.length, event.depth);
        break;
      case 'wipeout':
        break;
      case 'solution':
        this.solutions++;
        if (!this.#solutionAt.has(this.position)) this.#solutionAt.set(this.position, { index: event.index, squares: [...s] });
        break;
      case 'local':
        if (event.states) this.#replaceAll(bestState(event.states));
        else if (event.accepted !== false) {
          moveAmong(s, event.from, event.to);
          if (event.swapped) moveAmong(s, event.swapped.from, event.swapped.to);
        }
        if (event.to !== undefined || (event.states && event.step > 0)) this.moves++;
        break;
      case 'generation':
        this.#replaceAll(event.path);
        break;
      case 'population':
        this.#replaceAll(rowsToSquares(event.sample[0]?.rows ?? []));
        break;
    }
    this.position++;
    return true;
  }

  back(): boolean {
    if (this.position === 0) return false;
    this.position--;
    const event = this.events[this.position]!;
    const s = this.squares;
    switch (event.type) {
      case 'place':
      case 'assign':
      case 'cover':
      case 'move':
        s.length = event.depth;
        this.origins.length = event.depth;
        for (const sq of this.#forgotten.get(this.position) ?? []) s.push(sq);
        if (event.type !== 'move' || event.depth > 0) this.nodes--;
        break;
      case 'remove':
      case 'unassign':
      case 'uncover':
      case 'retreat': {
        s.length = event.depth;
        s.push('square' in event ? event.square : 'row' in event ? event.row : event.value * this.width + event.variable);
        const origin = this.#droppedOrigin.get(this.position);
        if (origin !== undefined && this.origins.length === event.depth) this.origins.push(origin);
        break;
      }
      case 'wipeout':
        break;
      case 'solution':
        this.solutions--;
        break;
      case 'local':
        if (event.states) this.#restoreAll();
        else if (event.accepted !== false) {
          if (event.swapped) moveAmong(s, event.swapped.to, event.swapped.from);
          moveAmong(s, event.to, event.from);
        }
        if (event.to !== undefined || (event.states && event.step > 0)) this.moves--;
        break;
      case 'generation':
      case 'population':
        this.#restoreAll();
        break;
    }
    return true;
  }

  /** Moves to `position` (clamped) step by step. */
  seek(position: number): this {
    const target = Math.max(0, Math.min(position, this.events.length));
    while (this.position < target) this.forward();
    while (this.position > target) this.back();
    return this;
  }

  /** The squares before the last event: the pieces a rejection or a move was judged against. */
  before(): number[] {
    if (!this.back()) return [...this.squares];
    const squares = [...this.squares];
    this.forward();
    return squares;
  }

  /** The position just after the next solution event, or undefined when there is none ahead. */
  nextSolution(): number | undefined {
    for (let i = this.position; i < this.events.length; i++) if (this.events[i]!.type === 'solution') return i + 1;
    return undefined;
  }

  /** The position just after the previous solution event before the current state's. */
  previousSolution(): number | undefined {
    for (let i = this.position - 2; i >= 0; i--) if (this.events[i]!.type === 'solution') return i + 1;
    return undefined;
  }

  /** The latest solution met at or before the current position, as it stood. */
  latestSolution(): { readonly index: number; readonly squares: readonly number[] } | undefined {
    for (let i = this.position - 1; i >= 0; i--) {
      if (this.events[i]!.type === 'solution') return this.#solutionAt.get(i);
    }
    return undefined;
  }

  /** Local search: the latest step (with h after it), found through an index that grows with the trace. */
  lastLocal(): LocalEvent | undefined {
    const at = this.#latest(this.#lastLocal, 'local');
    return at < 0 ? undefined : (this.events[at] as LocalEvent);
  }

  /** Genetic algorithm: the latest generation at or before the current position. */
  lastGeneration(): GenerationEvent | undefined {
    const at = this.#latest(this.#lastGeneration, 'generation');
    return at < 0 ? undefined : (this.events[at] as GenerationEvent);
  }

  /** Genetic algorithm on placements: the latest generation (with its sample) at or before the current position. */
  lastPopulation(): PopulationEvent | undefined {
    const at = this.#latest(this.#lastPopulation, 'population');
    return at < 0 ? undefined : (this.events[at] as PopulationEvent);
  }

  /** The candidates (with onward degrees) offered at the move that made the current state. */
  candidates(): readonly { readonly square: number; readonly degree: number }[] {
    const last = this.last;
    return last?.type === 'move' ? (last.candidates ?? []) : [];
  }

  #replaceAll(squares: readonly number[]): void {
    this.#forget(this.squares.slice());
    this.squares.length = 0;
    for (const sq of squares) this.squares.push(sq);
  }

  #restoreAll(): void {
    this.squares.length = 0;
    for (const sq of this.#forgotten.get(this.position) ?? []) this.squares.push(sq);
  }

  #forget(squares: number[]): void {
    if (!this.#forgotten.has(this.position)) this.#forgotten.set(this.position, squares);
  }

  #latest(index: number[], type: TraceEvent['type']): number {
    if (this.position === 0) return -1;
    for (let i = index.length; i < this.events.length; i++) index.push(this.events[i]!.type === type ? i : i > 0 ? index[i - 1]! : -1);
    return index[this.position - 1]!;
  }
}

/** The board after the first `position` events of a trace. */
export function boardAt(events: readonly TraceEvent[], position: number, width = 0): number[] {
  return [...new Replay(events, width).seek(position).squares];
}

/** A found path as a trace, so an untraced tour still grows square by square on the page. */
export function pathTrace(path: ArrayLike<number>): TraceEvent[] {
  const moves: TraceEvent[] = Array.from({ length: path.length }, (_, depth) => ({ type: 'move', square: path[depth]!, depth }) as const);
  return [...moves, { type: 'solution', index: 0 }];
}

/** A found placement as a trace, one piece at a time, ending in its solution. */
export function placementTrace(squares: readonly number[]): TraceEvent[] {
  return [...squares.map((square, depth) => ({ type: 'place', square, depth }) as const), { type: 'solution', index: 0 }];
}

/** Local beam search: the squares of the best of the k states (the first of the lowest h). */
function bestState(states: readonly { readonly rows: readonly number[]; readonly h: number }[]): number[] {
  let best = states[0];
  for (const state of states) if (best && state.h < best.h) best = state;
  return rowsToSquares(best?.rows ?? []);
}

function moveAmong(squares: number[], from: number | undefined, to: number | undefined): void {
  const at = from === undefined ? -1 : squares.indexOf(from);
  if (to === undefined) {
    if (at >= 0) squares.splice(at, 1);
  } else if (at >= 0) squares[at] = to;
  else squares.push(to);
}
