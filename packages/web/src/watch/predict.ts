import type { Board, OptionValue, Piece, TraceEvent } from '@bezzel/core';
import { replayDomains } from '@bezzel/csp';
import { LineBoard, lineFamilies } from '@bezzel/columns';
import { attackOn, attackWords } from '../board/attackers.js';
import type { Replay } from '../run/replay.js';
import { moveHeights } from './local-h.js';

/** The strategies whose next step a student can predict, with the rule that decides it. */
export const PREDICTABLE: Readonly<Record<string, string>> = {
  backtracking: 'the first square in its order that no piece attacks; none left: backtrack',
  warnsdorff: 'Warnsdorff: the move to the square with the fewest onward moves',
  'hill-climbing': 'steepest descent: the move that gives the lowest h',
  'min-conflicts': "the conflicted queen it picked goes to the square of its column with the fewest conflicts",
  csp: 'MRV: the column with the fewest values left, its values in order; none left: backtrack',
};

/** What the student is asked before a step. */
export interface Question {
  /** The position the step is played from (the event at this index is the step). */
  readonly position: number;
  readonly prompt: string;
  /** Min-conflicts: the column of the queen it picked at random (told, not asked). */
  readonly column?: number;
  /** The queen min-conflicts picked, marked on the board. */
  readonly picked?: number;
  /** Whether the strategy can take a step back (local searches never do). */
  readonly backtrack: boolean;
}

/** An answer: a square clicked, or the Backtrack button. */
export type Answer = number | 'backtrack';

export interface Judgement {
  readonly right: boolean;
  /** What the strategy does: a square, or a step back. */
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

/** Whether an event is a step the student predicts (the others — solutions, restarts, wipe-outs — just play). */
export function asks(strategy: string, event: TraceEvent | undefined): boolean {
  if (!event || !(strategy in PREDICTABLE)) return false;
  switch (event.type) {
    case 'place':
    case 'remove':
      // Local searches place their first pieces at random: only a depth-first search places by a rule.
      return strategy === 'backtracking';
    case 'retreat':
      return strategy === 'backtracking' || strategy === 'warnsdorff';
    case 'assign':
    case 'unassign':
      return strategy === 'csp';
    case 'move':
      return event.depth > 0 && (strategy === 'backtracking' || strategy === 'warnsdorff');
    case 'local':
      return event.from !== undefined && event.to !== undefined && (strategy === 'hill-climbing' || strategy === 'min-conflicts');
    default:
      return false;
  }
}

/** The question before the replay's next event, or undefined when it is not a step to predict. */
export function questionAt(ctx: PredictContext, replay: Replay): Question | undefined {
  const event = replay.events[replay.position];
  if (!asks(ctx.strategy, event)) return undefined;
  const { board } = ctx;
  const backtrack = ctx.strategy === 'backtracking' || ctx.strategy === 'csp' || ctx.strategy === 'warnsdorff';
  const base = { position: replay.position, backtrack };
  if (event!.type === 'local' && ctx.strategy === 'min-conflicts') {
    const column = event!.from! % board.width;
    return { ...base, column, picked: event!.from!, prompt: `Min-conflicts picked, at random, the queen on ${board.name(event!.from!)}: it is attacked. Click the square of file ${board.fileName(column)} it will move to.` };
  }
  const what = ctx.strategy === 'warnsdorff' || event!.type === 'move' || event!.type === 'retreat' ? 'Click the square the tour moves to next' : ctx.strategy === 'hill-climbing' ? 'Click the square a queen moves to next' : 'Click the square the next piece goes on';
  return { ...base, prompt: backtrack ? `${what}, or press Backtrack if it takes a step back.` : `${what}.` };
}

/** Judges an answer to the question before the replay's next event, and says why, by the strategy's rule. */
export function judge(ctx: PredictContext, replay: Replay, answer: Answer): Judgement {
  const event = replay.events[replay.position]!;
  const { board, piece } = ctx;
  const name = (a: Answer) => (a === 'backtrack' ? 'a step back' : board.name(a));
  const said = (a: Answer) => (a === 'backtrack' ? 'Backtrack' : board.name(a));
  const finish = (actual: Answer, accepted: readonly Answer[], why: string, tie = false, wrongWhy = ''): Judgement => {
    const right = accepted.includes(answer);
    const verdict = right
      ? answer === actual ? `Right: ${said(answer)}.` : `Right by the rule: ${said(answer)} ties with ${said(actual)}, which the strategy took.`
      : `Not this time: you chose ${said(answer)}; the strategy takes ${name(actual)}.${wrongWhy ? ` ${wrongWhy}` : ''}`;
    return { right, actual, accepted, tie, verdict, why };
  };
  const squares = replay.squares;
  const attackedWhy = (sq: number, pieces: readonly number[]) => {
    const attack = attackOn(board, piece, pieces, sq);
    return attack ? `${board.name(sq)} is attacked (${attackWords(board, attack)}).` : '';
  };

  switch (event.type) {
    case 'place': {
      const rejected = event.rejected ?? [];
      const passed = rejected.length > 0 ? ` It passed over ${rejected.map((s) => board.name(s)).join(', ')}: attacked.` : '';
      const why = `Backtracking tries the squares for piece ${event.depth + 1} in its order and takes the first that no piece attacks: ${board.name(event.square)}.${passed}`;
      const wrong = answer === 'backtrack' ? `${board.name(event.square)} is still free, so there is no dead end yet.` : squares.includes(answer) ? `A piece already stands on ${board.name(answer)}.` : attackedWhy(answer, squares) || `${board.name(answer)} is free, but ${board.name(event.square)} comes first in the order.`;
      return finish(event.square, [event.square], why, false, wrong);
    }
    case 'remove': {
      const afterSolution = replay.last?.type === 'solution' || replay.last?.type === 'remove' && (replay.last.rejected ?? []).length === 0 && replay.events[replay.position - 2]?.type === 'solution';
      const rejected = event.rejected ?? [];
      const why = afterSolution
        ? `A solution was found; to look for more, backtracking takes back its last piece (${board.name(event.square)}) and tries the next square.`
        : `Dead end: no square left for the next piece is free${rejected.length ? ` (${rejected.map((s) => board.name(s)).join(', ')}: all attacked)` : ''}, so backtracking takes back the piece on ${board.name(event.square)} and tries that piece's next square.`;
      const wrong = answer !== 'backtrack' ? attackedWhy(answer, squares) : '';
      return finish('backtrack', ['backtrack'], why, false, wrong);
    }
    case 'retreat': {
      const why = `Every move from ${board.name(event.square)} leads to a visited square or was tried already: the search steps back.`;
      return finish('backtrack', ['backtrack'], why);
    }
    case 'move': {
      const candidates = event.candidates ?? [];
      if (ctx.strategy !== 'warnsdorff' || candidates.length === 0) {
        const why = `Backtracking tries the moves from here in its ordering${ctx.options?.ordering ? ` (${String(ctx.options.ordering)})` : ''}, and takes the next one it has not tried: ${board.name(event.square)}.`;
        return finish(event.square, [event.square], why);
      }
      // A square with no onward move ends the tour, so Warnsdorff ranks it last unless it is the last square left.
      const lastSquare = squares.length + 1 >= board.playable;
      const pool = candidates.some((c) => c.degree > 0) && !lastSquare ? candidates.filter((c) => c.degree > 0) : candidates;
      const fewest = Math.min(...pool.map((c) => c.degree));
      const tied = pool.filter((c) => c.degree === fewest).map((c) => c.square);
      const list = candidates.map((c) => `${board.name(c.square)} ${c.degree}`).join(', ');
      const tieWords = tied.length > 1 ? ` ${tied.map((s) => board.name(s)).join(', ')} tie; the tie-break (${String(ctx.options?.tiebreak ?? 'roth')}) took ${board.name(event.square)}, and any of the tied squares counts as right.` : '';
      const why = `Warnsdorff moves to the square with the fewest onward moves. From ${board.name(squares[squares.length - 1]!)}: ${list}. The fewest is ${fewest}.${tieWords}`;
      const candidate = answer === 'backtrack' ? undefined : candidates.find((c) => c.square === answer);
      const wrong = answer === 'backtrack' ? 'There are moves left.' : candidate ? `${board.name(answer)} has ${candidate.degree} onward move${candidate.degree === 1 ? '' : 's'}.` : `${board.name(answer)} is not a move from here${squares.includes(answer) ? ' (visited)' : ''}.`;
      return finish(event.square, tied, why, tied.length > 1, wrong);
    }
    case 'local': {
      const to = event.to!;
      if (ctx.strategy === 'min-conflicts') {
        const counts = columnConflicts(board, piece, squares, event.from!);
        const column = event.from! % board.width;
        const fewest = Math.min(...counts.values());
        const tied = [...counts].filter(([, c]) => c === fewest).map(([sq]) => sq);
        const list = [...counts].map(([sq, c]) => `${rankName(board, Math.floor(sq / board.width))}: ${c}`).join(', ');
        const why = `Min-conflicts moves the queen it picked to the square of its file with the fewest conflicts (queens attacking it), ties at random. File ${board.fileName(column)}, by rank: ${list}. The fewest is ${fewest}${tied.length > 1 ? ` on ${tied.map((s) => board.name(s)).join(', ')}: it draws one of them at random, and any of them counts as right` : ''}.${to === event.from ? ' Its own square is among the fewest, so it may stay.' : ''}`;
        const wrong = answer === 'backtrack' ? 'Min-conflicts never backtracks: it repairs.' : answer % board.width !== column ? `Only the picked queen moves, within file ${board.fileName(column)}.` : `${board.name(answer)} has ${counts.get(answer)} conflict${counts.get(answer) === 1 ? '' : 's'}.`;
        return finish(to, tied, why, tied.length > 1, wrong);
      }
      const heights = moveHeights(board, piece, squares) ?? new Map<number, number>();
      const lowest = Math.min(...heights.values());
      const tied = [...heights].filter(([, h]) => h === lowest).map(([sq]) => sq);
      const now = replay.lastLocal()?.h;
      const why = `Hill climbing takes the move that lowers h (attacking pairs${now !== undefined ? `, now ${now}` : ''}) the most: the lowest value written on the board is ${lowest}${tied.length > 1 ? `, on ${tied.length} squares (${tied.map((s) => board.name(s)).join(', ')}): it draws one at random, and any of them counts as right` : `, on ${board.name(tied[0]!)}`}.${now !== undefined && lowest === now ? ' No move lowers h: this is a sideways move.' : ''}`;
      const wrong = answer === 'backtrack' ? 'Hill climbing never backtracks.' : squares.includes(answer) ? `A queen already stands on ${board.name(answer)}.` : `Moving there gives h = ${heights.get(answer)}.`;
      return finish(to, tied, why, tied.length > 1, wrong);
    }
    case 'assign': {
      const n = board.width;
      const square = event.value * n + event.variable;
      const grid = replayDomains(n, replay.events, replay.position);
      const left = (v: number) => grid.crossedAt[v]!.filter((d) => d < 0).length;
      const again = replay.last?.type === 'unassign' && replay.last.variable === event.variable && replay.last.depth === event.depth;
      const ordering = String(ctx.options?.ordering ?? 'mrv');
      let varWhy: string;
      if (again) varWhy = `Column ${board.fileName(event.variable)} again: its last value failed, so the search tries its next one.`;
      else if (ordering === 'static') varWhy = `Columns are taken left to right: ${board.fileName(event.variable)} is the first unassigned.`;
      else {
        const open = grid.value.map((v, c) => (v < 0 ? c : -1)).filter((c) => c >= 0);
        const sizes = open.map((c) => `${board.fileName(c)} ${left(c)}`).join(', ');
        const fewest = Math.min(...open.map(left));
        const tied = open.filter((c) => left(c) === fewest);
        varWhy = `MRV picks the column with the fewest values left (${sizes}): ${fewest}${tied.length > 1 ? `, tied between ${tied.map((c) => board.fileName(c)).join(', ')}; ${ordering === 'mrv+degree' ? 'the degree heuristic' : 'the first in order'} decides` : ''}: file ${board.fileName(event.variable)}.`;
      }
      const valueWhy = String(ctx.options?.values ?? 'order') === 'lcv' ? ` It tries the value that rules out the fewest values of the others first (LCV): rank ${rankName(board, event.value)}.` : ` Values are tried upward: rank ${rankName(board, event.value)} is the lowest left it has not tried.`;
      const wrong = answer === 'backtrack' ? `File ${board.fileName(event.variable)} still has a value to try.` : answer % n !== event.variable ? `The next column is ${board.fileName(event.variable)}.` : grid.crossedAt[event.variable]![Math.floor(answer / n)]! >= 0 ? `${board.name(answer)} was crossed out of the domain.` : `${board.name(square)} comes first.`;
      return finish(square, [square], varWhy + valueWhy, false, wrong);
    }
    case 'unassign': {
      const wiped = replay.last?.type === 'wipeout' ? replay.last.variable : -1;
      const why = wiped >= 0
        ? `Inference emptied file ${board.fileName(wiped)}'s domain (a wipe-out): the assignment ${board.fileName(event.variable)} = ${rankName(board, event.value)} is taken back.`
        : `File ${board.fileName(event.variable)} has no value left that works here: the search takes back ${board.fileName(event.variable)} = ${rankName(board, event.value)} (backtracks).`;
      return finish('backtrack', ['backtrack'], why);
    }
    default:
      return finish('backtrack', [], 'This step is not one to predict.');
  }
}

/** Min-conflicts: for each square of the picked queen's column, the queens attacking it (the queen itself lifted). */
export function columnConflicts(board: Board, piece: Piece, squares: readonly number[], from: number): Map<number, number> {
  const n = board.width;
  const counts = new Map<number, number>();
  const lines = lineFamilies(piece);
  const col = from % n;
  if ('reason' in lines) {
    for (let row = 0; row < board.height; row++) {
      const sq = row * n + col;
      counts.set(sq, squares.filter((s) => s !== from && s !== sq && attackOn(board, piece, [s], sq) !== undefined).length);
    }
    return counts;
  }
  const line = new LineBoard(n, lines);
  for (const sq of squares) if (sq !== from) line.put(sq % n, Math.floor(sq / n));
  for (let row = 0; row < n; row++) counts.set(row * n + col, line.conflictsAt(col, row));
  return counts;
}

/** A rank's name: its number from 1 on algebraic boards, from 0 (as squares are named) beyond. */
function rankName(board: Board, row: number): string {
  return board.width <= 26 ? String(row + 1) : String(row);
}
