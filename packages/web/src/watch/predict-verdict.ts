import type { Board, OptionValue, Piece } from '@bezzel/core';

/** What the student is asked to give: a square (or Backtrack), any square of a column, or accept or refuse. */
export type QuestionKind = 'square' | 'column' | 'accept';

/** What the student is asked before a step. */
export interface Question {
  /** The position the step is played from (the event at this index is the step). */
  readonly position: number;
  readonly prompt: string;
  readonly kind: QuestionKind;
  /** Min-conflicts and tabu: the column of the queen drawn at random (told, not asked). */
  readonly column?: number;
  /** The queen min-conflicts (or tabu) picked, marked on the board. */
  readonly picked?: number;
  /** Squares the question points at, marked on the board: annealing's proposal, the assignment AC-3 follows. */
  readonly marked?: readonly number[];
  /** Whether the strategy can take a step back here (local searches and Warnsdorff never do). */
  readonly backtrack: boolean;
}

/** An answer: a square clicked, the Backtrack button, or annealing's verdict. */
export type Answer = number | 'backtrack' | 'accept' | 'refuse';

export interface Judgement {
  readonly right: boolean;
  /** What the strategy does: a square, a step back, or annealing's verdict. */
  readonly actual: Answer;
  /** Every answer the rule allows: more than one where the strategy breaks a tie (then any of them counts). */
  readonly accepted: readonly Answer[];
  /** Where the strategy draws among tied squares at random (or by a tie-break the student cannot see). */
  readonly tie: boolean;
  /** Right or wrong, in a sentence: what the student chose, what the strategy does. */
  readonly verdict: string;
  /** The rule that decides, applied to this position. */
  readonly why: string;
}

/** What the predictor needs of the run. */
export interface PredictContext {
  readonly strategy: string;
  readonly board: Board;
  readonly piece: Piece;
  readonly options?: Readonly<Record<string, OptionValue>>;
}

/** The verdict sentence for an answer against what the rule allows. */
export function verdictOf(board: Board, answer: Answer, actual: Answer, accepted: readonly Answer[], why: string, tie = false, wrongWhy = ''): Judgement {
  const said = (a: Answer) => (a === 'backtrack' ? 'Backtrack' : a === 'accept' ? 'accepted' : a === 'refuse' ? 'refused' : board.name(a));
  const name = (a: Answer) => (a === 'backtrack' ? 'a step back' : said(a));
  const right = accepted.includes(answer);
  const verdict = right
    ? answer === actual ? `Right: ${said(answer)}.` : `Right by the rule: ${said(answer)} ties with ${said(actual)}, which the strategy took.`
    : `Not this time: you chose ${said(answer)}; the strategy takes ${name(actual)}.${wrongWhy ? ` ${wrongWhy}` : ''}`;
  return { right, actual, accepted, tie, verdict, why };
}

/** A rank's name: its number from 1 on algebraic boards, from 0 (as squares are named) beyond. */
export function rankName(board: Board, row: number): string {
  return board.width <= 26 ? String(row + 1) : String(row);
}
