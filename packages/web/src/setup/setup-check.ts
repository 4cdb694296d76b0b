import { Board, type Bezzel, type Instance, type Piece, type SearchStrategy, type Task } from '@bezzel/core';
import { pageWords } from '../shared/page-words.js';
import { pageBezzel } from '../shared/plugins.js';
import { MAX_TOUR_SQUARES, quote, type PageState } from './state.js';
import { taskOf } from './task.js';

/** A set-up that can run: the task, and what the page needs to draw and explain it. */
export interface CheckedSetup {
  readonly ok: true;
  readonly task: Task;
  readonly bezzel: Bezzel;
  readonly board: Board;
  readonly piece: Piece;
  readonly instance: Instance;
  /** The strategy the run will use (`auto` resolved), so the page can show its pseudo-code from the start. */
  readonly strategy: SearchStrategy;
}

export type SetupCheck = CheckedSetup | { readonly ok: false; readonly message: string };

/**
 * Everything the Solver would refuse, found before a worker starts, in the page's words: the piece (or Betza
 * text), the board, k, the start square, the goal for the problem, whether the strategy can do it, and the
 * option names and part choices. Option values a strategy checks while running are reported by the run.
 */
export async function checkSetup(state: PageState): Promise<SetupCheck> {
  const made = await pageBezzel(state.piece);
  if (!made.ok) return refuse(`The piece ${quote(state.piece)} cannot be read: ${made.error.message}.`);
  const { bezzel, pieceId } = made.value;
  const piece = bezzel.piece(pieceId);
  if (!piece) return refuse(`There is no piece ${quote(state.piece)}; the pieces are ${bezzel.pieces.map((p) => p.id).join(', ')}.`);
  if (state.problem === 'tour' && state.width * state.height > MAX_TOUR_SQUARES) {
    return refuse(`A tour of ${state.width.toLocaleString('en')}×${state.height.toLocaleString('en')} squares is more than the page can hold (at most ${MAX_TOUR_SQUARES.toLocaleString('en')} squares).`);
  }
  const task = taskOf(state, pieceId);
  if (!task.ok) return refuse(task.error.message);
  const instance = bezzel.instantiate(task.value);
  if (!instance.ok) return refuse(instance.error.message);
  const strategy = bezzel.choose(instance.value);
  if (!strategy.ok) return refuse(strategy.error.message);
  const options = bezzel.checkOptions(strategy.value, task.value);
  if (!options.ok) return refuse(options.error.message);
  return { ok: true, task: task.value, bezzel, board: instance.value.board, piece, instance: instance.value, strategy: strategy.value };
}

function refuse(message: string): SetupCheck {
  const text = pageWords(message);
  return { ok: false, message: /[.!?]$/.test(text) ? capitalise(text) : `${capitalise(text)}.` };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
