import type { AppState } from '../app-state.js';
import type { BoardHost } from '../board/board-host.js';
import { SVG_MAX_SQUARES } from '../board/board-picture.js';
import { byId, el, setText } from '../shared/dom.js';
import { hintBeforeSearch, hintFrom, hintTask } from './hint.js';
import { playPicture } from './play-picture.js';
import { click, verdict, type Attempt, type Puzzle } from './play.js';
import { dominationHint, fewestWords, type Fewest } from './play-domination.js';
import { pageWords } from '../shared/page-words.js';
import type { Run } from '../run/run.js';
import type { CheckedSetup, SetupCheck } from '../setup/setup-check.js';
import type { PageState } from '../setup/state.js';
import type { Store } from '../shared/store.js';
import { startWorker, type WorkerJob } from '../run/worker-client.js';

/** An empty attempt at the set-up's puzzle. */
export function emptyAttempt(setup: PageState): Attempt {
  return setup.problem === 'tour' ? { kind: 'tour', path: [] } : { kind: 'placement', pieces: [] };
}

/** How long play mode searches for the fewest pieces before it says it does not know. */
export const FEWEST_MS = 5_000;

/**
 * Play mode: the student's clicks, taps and keys on the board become moves of their attempt (or a refusal
 * with the checker's words), Hint asks backtracking in a worker for a move that can still be completed, and
 * the board and the panel show the checker's verdict.
 */
export class PlayControl {
  #hintJob: WorkerJob | undefined;
  #fewestJob: WorkerJob | undefined;

  constructor(
    private readonly store: Store<AppState>,
    private readonly board: BoardHost,
  ) {
    byId('hint').addEventListener('click', () => this.hint());
    byId('undo').addEventListener('click', () => this.takeBack());
    byId('clear').addEventListener('click', () => store.update((s) => ({ attempt: emptyAttempt(s.setup), refused: undefined, hint: undefined })));
  }

  /** Draws the attempt; false when the set-up poses no puzzle to play (the panel says why; the board is the page's to draw). */
  draw(heat: boolean): boolean {
    const { checked, attempt, refused, hint, hinting } = this.store.state;
    const puzzle = puzzleOf(checked);
    if (!puzzle) {
      this.board.interactive(undefined);
      setText(byId('play-summary'), checked?.ok ? 'Play is for boards up to 32×32.' : checked ? checked.message : 'Checking the set-up…');
      byId('play-problems').replaceChildren();
      return false;
    }
    this.board.interactive((square) => this.#square(square));
    const dominate = puzzle.domination !== undefined && checked?.ok;
    if (dominate) this.#askFewest(checked);
    const fewest = dominate ? this.store.state.fewest?.value : undefined;
    const v = verdict(puzzle, attempt);
    const { picture, describe } = playPicture(puzzle, attempt, v, hint, heat);
    this.board.draw(picture, describe);
    setText(byId('play-summary'), v.summary);
    const list = byId('play-problems');
    const key = v.problems.join('\n');
    if (list.dataset.key !== key) {
      list.dataset.key = key;
      list.replaceChildren(...v.problems.map((p) => el('li', {}, p)));
    }
    setText(byId('play-refused'), refused ? `Not allowed: ${refused}.` : '');
    setText(byId('play-fewest'), attempt.kind === 'placement' ? fewestWords(puzzle, attempt.pieces, v.solved, fewest) : '');
    setText(byId('play-hint'), hint?.text ?? '');
    const empty = attempt.kind === 'placement' ? attempt.pieces.length === 0 : attempt.path.length === 0;
    // A dominating set can still be hinted at: a piece the others do not need.
    byId<HTMLButtonElement>('hint').disabled = hinting || (v.solved && !dominate);
    byId<HTMLButtonElement>('undo').disabled = empty;
    byId<HTMLButtonElement>('clear').disabled = empty;
    return true;
  }

  hint(): void {
    const { checked, attempt } = this.store.state;
    const puzzle = puzzleOf(checked);
    if (!puzzle || !checked?.ok) return;
    this.#hintJob?.stop();
    if (puzzle.domination !== undefined && attempt.kind === 'placement') {
      this.store.update({ hint: dominationHint(puzzle, attempt.pieces, this.store.state.fewest?.value) });
      return;
    }
    const early = hintBeforeSearch(puzzle, attempt);
    if (early) {
      this.store.update({ hint: early });
      return;
    }
    this.store.update({ hinting: true, hint: { text: 'Asking backtracking for a way on…' } });
    this.#hintJob = startWorker({ task: hintTask(checked.task, attempt), pieceName: this.store.state.setup.piece, trace: false }, (message) => {
      // An answer for an attempt the student has since changed is no longer a hint.
      if (attempt !== this.store.state.attempt) return;
      if (message.type === 'done') this.store.update({ hinting: false, hint: hintFrom(puzzle, attempt, message.result) });
      else if (message.type === 'error') this.store.update({ hinting: false, hint: { text: `No hint: ${message.message}` } });
    });
  }

  takeBack(): void {
    const attempt = this.store.state.attempt;
    const next: Attempt = attempt.kind === 'placement' ? { kind: 'placement', pieces: attempt.pieces.slice(0, -1) } : { kind: 'tour', path: attempt.path.slice(0, -1) };
    this.store.update({ attempt: next, refused: undefined, hint: undefined });
  }

  /**
   * Starts working out the fewest pieces of the domination being played, once per puzzle: taken from the run on
   * the board when it proved them, else asked of cover-search in a worker, for a few seconds at most.
   */
  #askFewest(checked: CheckedSetup): void {
    const problem = checked.task.problem;
    if (problem.kind !== 'dominate') return;
    const { k: _size, ...sizeless } = problem;
    const key = JSON.stringify(sizeless);
    if (this.store.state.fewest?.key === key) return;
    const settle = (value: Fewest) => {
      if (this.store.state.fewest?.key === key) this.store.update({ fewest: { key, value } });
    };
    this.#fewestJob?.stop();
    this.store.update({ fewest: { key, value: { status: 'pending' } } });
    const proven = provenMinimum(this.store.state.run, key);
    if (proven) return settle(proven);
    const task = { problem: sizeless, goal: 'minimum' as const, strategy: 'cover-search', budget: { maxTimeMs: FEWEST_MS } };
    this.#fewestJob = startWorker({ task, pieceName: this.store.state.setup.piece, trace: false }, (message) => {
      if (message.type === 'error') settle({ status: 'unknown', reason: pageWords(message.message) });
      if (message.type !== 'done') return;
      const result = message.result;
      if (result.status === 'solved' && result.minimum) settle({ status: 'known', minimum: result.minimum });
      else if (result.status === 'impossible') settle({ status: 'unknown', reason: pageWords(result.reason) });
      else settle({ status: 'unknown', reason: `the search for the fewest did not finish within ${FEWEST_MS / 1000} seconds` });
    });
  }

  #square(square: number): void {
    const puzzle = puzzleOf(this.store.state.checked);
    if (!puzzle) return;
    const { attempt, refused } = click(puzzle, this.store.state.attempt, square);
    this.store.update({ attempt, refused, hint: undefined, hinting: false });
  }
}

/** The fewest pieces the run on the board proved for the domination problem with this key, if it did. */
function provenMinimum(run: Run | undefined, key: string): Fewest | undefined {
  const result = run?.result;
  if (!result || (result.status !== 'solved' && result.status !== 'complete') || !result.minimum) return undefined;
  const problem = result.task.problem;
  if (problem.kind !== 'dominate') return undefined;
  const { k: _size, ...sizeless } = problem;
  return JSON.stringify(sizeless) === key ? { status: 'known', minimum: result.minimum } : undefined;
}

/** The puzzle a checked set-up poses, for boards small enough to play on. */
function puzzleOf(checked: SetupCheck | undefined): Puzzle | undefined {
  if (!checked?.ok) return undefined;
  const { board, piece, instance } = checked;
  if (board.size > SVG_MAX_SQUARES) return undefined;
  if (instance.kind === 'dominate') return { board, piece, domination: instance.variant, ...(instance.k !== undefined ? { k: instance.k } : {}) };
  return instance.kind === 'placement'
    ? { board, piece, ...(instance.task.goal === 'maximum' ? {} : { k: instance.k }) }
    : { board, piece, closed: instance.closed, ...(instance.start !== undefined ? { start: instance.start } : {}) };
}
