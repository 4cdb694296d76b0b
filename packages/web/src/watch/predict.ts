import type { Board, OptionValue, Piece, TraceEvent } from '@bezzel/core';
import { LineBoard, lineFamilies } from '@bezzel/columns';
import { attackOn, attackWords } from '../board/attackers.js';
import type { Replay } from '../run/replay.js';
import { moveHeights } from './local-h.js';
import { ac3Question, judgeAc3, judgeColumn, judgeValue, mrvQuestion } from './predict-csp.js';
import { rankName, verdictOf, type Answer, type Judgement, type PredictContext, type Question } from './predict-verdict.js';

export type { Answer, Judgement, PredictContext, Question, QuestionKind } from './predict-verdict.js';
import { annealingQuestion, judgeAnnealing, judgeTabu, tabuQuestion } from './predict-local.js';

/** The strategies whose next step a student can predict, with the rule that decides it. */
export const PREDICTABLE: Readonly<Record<string, string>> = {
  backtracking: 'the first square in its order that no piece attacks; none left: backtrack',
  warnsdorff: 'Warnsdorff: the move to the square with the fewest onward moves (it never steps back)',
  'hill-climbing': 'steepest descent: the move that gives the lowest h',
  'min-conflicts': "the conflicted queen it picked goes to the square of its column with the fewest conflicts",
  csp: 'MRV: the column with the fewest values left, its values in order (MAC: AC-3 removes the values no other column supports); none left: backtrack',
  'simulated-annealing': 'a worse move (Δ > 0) is taken when the draw is below p = e^(−Δ/T)',
  tabu: 'the best move that is not tabu; a tabu move only if it beats the best h so far (aspiration)',
};

type Local = Extract<TraceEvent, { type: 'local' }>;

/** Whether an event is a step the student predicts (the others — solutions, restarts, wipe-outs — just play). */
export function asks(strategy: string, event: TraceEvent | undefined): boolean {
  if (!event || !(strategy in PREDICTABLE)) return false;
  switch (event.type) {
    case 'place':
    case 'remove':
      // Local searches place their first pieces at random: only a depth-first search places by a rule.
      return strategy === 'backtracking';
    case 'retreat':
      return strategy === 'backtracking';
    case 'assign':
    case 'unassign':
      return strategy === 'csp';
    case 'move':
      return event.depth > 0 && (strategy === 'backtracking' || strategy === 'warnsdorff');
    case 'local':
      if (event.from === undefined || event.to === undefined) return false;
      // Annealing asks about the proposals that raise h: one that does not is taken without a draw.
      if (strategy === 'simulated-annealing') return event.delta !== undefined && event.delta > 0 && event.draw !== undefined && !event.swapped;
      return strategy === 'hill-climbing' || strategy === 'min-conflicts' || strategy === 'tabu';
    default:
      return false;
  }
}

/** The question before the replay's next event, or undefined when it is not a step to predict. */
export function questionAt(ctx: PredictContext, replay: Replay): Question | undefined {
  const event = replay.events[replay.position];
  if (!asks(ctx.strategy, event)) return undefined;
  const { board } = ctx;
  const position = replay.position;
  if (event!.type === 'local') {
    if (ctx.strategy === 'simulated-annealing') return annealingQuestion(ctx, replay, event as Local);
    if (ctx.strategy === 'tabu') return tabuQuestion(ctx, replay, event as Local);
    if (ctx.strategy === 'min-conflicts') {
      const column = event.from! % board.width;
      return { position, kind: 'square', backtrack: false, column, picked: event.from!, prompt: `Min-conflicts picked, at random, the queen on ${board.name(event.from!)}: it is attacked. Click the square of file ${board.fileName(column)} it will move to.` };
    }
    return { position, kind: 'square', backtrack: false, prompt: 'Click the square a queen moves to next.' };
  }
  if (event!.type === 'assign' && ctx.strategy === 'csp') {
    const ac3 = ac3Question(ctx, replay, event);
    if (ac3) return ac3;
    const mrv = mrvQuestion(ctx, replay, event);
    if (mrv) return mrv;
  }
  if (ctx.strategy === 'warnsdorff') return { position, kind: 'square', backtrack: false, prompt: 'Click the square the tour moves to next.' };
  const what = event!.type === 'move' || event!.type === 'retreat' ? 'Click the square the tour moves to next' : 'Click the square the next piece goes on';
  return { position, kind: 'square', backtrack: true, prompt: `${what}, or press Backtrack if it takes a step back.` };
}

/** Judges an answer to the question before the replay's next event, and says why, by the strategy's rule. */
export function judge(ctx: PredictContext, replay: Replay, answer: Answer): Judgement {
  const event = replay.events[replay.position]!;
  const { board, piece } = ctx;
  const finish = (actual: Answer, accepted: readonly Answer[], why: string, tie = false, wrongWhy = '') => verdictOf(board, answer, actual, accepted, why, tie, wrongWhy);
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
      const wrong = answer === 'backtrack' ? `${board.name(event.square)} is still free, so there is no dead end yet.` : typeof answer !== 'number' ? '' : squares.includes(answer) ? `A piece already stands on ${board.name(answer)}.` : attackedWhy(answer, squares) || `${board.name(answer)} is free, but ${board.name(event.square)} comes first in the order.`;
      return finish(event.square, [event.square], why, false, wrong);
    }
    case 'remove': {
      const afterSolution = replay.last?.type === 'solution' || replay.last?.type === 'remove' && (replay.last.rejected ?? []).length === 0 && replay.events[replay.position - 2]?.type === 'solution';
      const rejected = event.rejected ?? [];
      const why = afterSolution
        ? `A solution was found; to look for more, backtracking takes back its last piece (${board.name(event.square)}) and tries the next square.`
        : `Dead end: no square left for the next piece is free${rejected.length ? ` (${rejected.map((s) => board.name(s)).join(', ')}: all attacked)` : ''}, so backtracking takes back the piece on ${board.name(event.square)} and tries that piece's next square.`;
      const wrong = typeof answer === 'number' ? attackedWhy(answer, squares) : '';
      return finish('backtrack', ['backtrack'], why, false, wrong);
    }
    case 'retreat': {
      const why = `Every move from ${board.name(event.square)} leads to a visited square or was tried already: the search steps back.`;
      return finish('backtrack', ['backtrack'], why);
    }
    case 'move':
      return judgeMove(ctx, replay, event, answer);
    case 'local':
      if (ctx.strategy === 'simulated-annealing') return judgeAnnealing(ctx, replay, event, answer);
      if (ctx.strategy === 'tabu') return judgeTabu(ctx, replay, event, answer);
      return judgeLocal(ctx, replay, event, answer);
    case 'assign':
      if (ac3Question(ctx, replay, event)) return judgeAc3(ctx, replay, event, answer);
      if (mrvQuestion(ctx, replay, event)) return judgeColumn(ctx, replay, event, answer);
      return judgeValue(ctx, replay, event, answer);
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

/** A tour's move: backtracking's next in order, or Warnsdorff's fewest onward moves. */
function judgeMove(ctx: PredictContext, replay: Replay, event: Extract<TraceEvent, { type: 'move' }>, answer: Answer): Judgement {
  const { board } = ctx;
  const squares = replay.squares;
  const candidates = event.candidates ?? [];
  const finish = (actual: Answer, accepted: readonly Answer[], why: string, tie = false, wrongWhy = '') => verdictOf(board, answer, actual, accepted, why, tie, wrongWhy);
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
  const candidate = typeof answer === 'number' ? candidates.find((c) => c.square === answer) : undefined;
  const wrong = typeof answer !== 'number' ? 'Warnsdorff never steps back: it always moves on.' : candidate ? `${board.name(answer)} has ${candidate.degree} onward move${candidate.degree === 1 ? '' : 's'}.` : `${board.name(answer)} is not a move from here${squares.includes(answer) ? ' (visited)' : ''}.`;
  return finish(event.square, tied, why, tied.length > 1, wrong);
}

/** Hill climbing's lowest h, and min-conflicts' fewest conflicts in the picked queen's file. */
function judgeLocal(ctx: PredictContext, replay: Replay, event: Local, answer: Answer): Judgement {
  const { board, piece } = ctx;
  const squares = replay.squares;
  const to = event.to!;
  const finish = (actual: Answer, accepted: readonly Answer[], why: string, tie = false, wrongWhy = '') => verdictOf(board, answer, actual, accepted, why, tie, wrongWhy);
  if (ctx.strategy === 'min-conflicts') {
    const counts = columnConflicts(board, piece, squares, event.from!);
    const column = event.from! % board.width;
    const fewest = Math.min(...counts.values());
    const tied = [...counts].filter(([, c]) => c === fewest).map(([sq]) => sq);
    const list = [...counts].map(([sq, c]) => `${rankName(board, Math.floor(sq / board.width))}: ${c}`).join(', ');
    const why = `Min-conflicts moves the queen it picked to the square of its file with the fewest conflicts (queens attacking it), ties at random. File ${board.fileName(column)}, by rank: ${list}. The fewest is ${fewest}${tied.length > 1 ? ` on ${tied.map((s) => board.name(s)).join(', ')}: it draws one of them at random, and any of them counts as right` : ''}.${to === event.from ? ' Its own square is among the fewest, so it may stay.' : ''}`;
    const wrong = typeof answer !== 'number' ? 'Min-conflicts never backtracks: it repairs.' : answer % board.width !== column ? `Only the picked queen moves, within file ${board.fileName(column)}.` : `${board.name(answer)} has ${counts.get(answer)} conflict${counts.get(answer) === 1 ? '' : 's'}.`;
    return finish(to, tied, why, tied.length > 1, wrong);
  }
  const heights = moveHeights(board, piece, squares) ?? new Map<number, number>();
  const lowest = Math.min(...heights.values());
  const tied = [...heights].filter(([, h]) => h === lowest).map(([sq]) => sq);
  const now = replay.lastLocal()?.h;
  const why = `Hill climbing takes the move that lowers h (attacking pairs${now !== undefined ? `, now ${now}` : ''}) the most: the lowest h a move gives is ${lowest}${tied.length > 1 ? `, on ${tied.length} squares (${tied.map((s) => board.name(s)).join(', ')}): it draws one at random, and any of them counts as right` : `, on ${board.name(tied[0]!)}`}.${now !== undefined && lowest === now ? ' No move lowers h: this is a sideways move.' : ''}`;
  const wrong = typeof answer !== 'number' ? 'Hill climbing never backtracks.' : squares.includes(answer) ? `A queen already stands on ${board.name(answer)}.` : `Moving there gives h = ${heights.get(answer)}.`;
  return finish(to, tied, why, tied.length > 1, wrong);
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

