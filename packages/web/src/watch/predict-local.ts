import type { TraceEvent } from '@bezzel/core';
import { tabuListAt } from '@bezzel/tabu';
import type { Replay } from '../run/replay.js';
import { moveHeights, placementH } from './local-h.js';
import { verdictOf, type Answer, type Judgement, type PredictContext, type Question } from './predict-verdict.js';
import { probability } from './step-words.js';

type Local = Extract<TraceEvent, { type: 'local' }>;

/** Annealing: a proposal that raises h, its Δ, T and the draw told; accepted or refused? */
export function annealingQuestion(ctx: PredictContext, replay: Replay, event: Local): Question {
  const { board } = ctx;
  const t = event.temperature!;
  return {
    position: replay.position,
    kind: 'accept',
    backtrack: false,
    marked: [event.to!],
    picked: event.from!,
    prompt: `Annealing proposes moving the queen on ${board.name(event.from!)} to ${board.name(event.to!)}: Δ = +${event.delta} (h would go from ${event.h - (event.accepted ? event.delta! : 0)} to ${event.h - (event.accepted ? event.delta! : 0) + event.delta!}), at T = ${t.toPrecision(3)}; the random draw is ${probability(event.draw!)}. Accepted or refused?`,
  };
}

/** Accepted exactly when the draw is below p = e^(−Δ/T). */
export function judgeAnnealing(ctx: PredictContext, _replay: Replay, event: Local, answer: Answer): Judgement {
  const p = Math.exp(-event.delta! / event.temperature!);
  const actual: Answer = event.accepted ? 'accept' : 'refuse';
  const why = `A worse move is taken with probability p = e^(−Δ/T) = e^(−${event.delta}/${event.temperature!.toPrecision(3)}) = ${probability(p)}: it is taken when the draw (${probability(event.draw!)}) is below p. ${event.draw! < p ? `${probability(event.draw!)} < ${probability(p)}: accepted` : `${probability(event.draw!)} ≥ ${probability(p)}: refused`}.`;
  const wrong = typeof answer === 'number' ? 'Answer with Accept or Refuse.' : '';
  return verdictOf(ctx.board, answer, actual, [actual], why, false, wrong);
}

/** The h after each move tabu search looks at, the tabu ones and the best h so far, before the step at the replay's position. */
function tabuMoves(ctx: PredictContext, replay: Replay, event: Local) {
  const { board, piece } = ctx;
  const n = board.width;
  const heights = moveHeights(board, piece, replay.squares) ?? new Map<number, number>();
  const full = String(ctx.options?.neighbourhood ?? 'conflicted') === 'full';
  const column = event.from! % n;
  const moves = [...heights].filter(([sq]) => full || sq % n === column);
  const tabu = new Set(tabuListAt(replay.events, replay.position).map((e) => e.square));
  // The best h seen before this step: the start's, and every step's since.
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < replay.position; i++) {
    const e = replay.events[i]!;
    if (e.type === 'local' && e.from !== undefined) best = Math.min(best, e.h);
  }
  const firstLocal = replay.events.findIndex((e) => e.type === 'local');
  if (firstLocal >= 0 && firstLocal <= replay.position) {
    const h0 = placementH(board, piece, startSquares(replay.events, firstLocal));
    if (h0 !== undefined) best = Math.min(best, h0);
  }
  const aspiration = ctx.options?.aspiration !== false && String(ctx.options?.aspiration) !== 'false';
  return { moves, tabu, best, aspiration, full, column };
}

/** The pieces placed before the first local step: the start. */
function startSquares(events: readonly TraceEvent[], end: number): number[] {
  const squares: number[] = [];
  for (let i = 0; i < end; i++) {
    const e = events[i]!;
    if (e.type === 'place') {
      if (e.depth === 0) squares.length = 0;
      squares.push(e.square);
    }
  }
  return squares;
}

/** Tabu: which move is allowed? Click the square the piece goes to: the best non-tabu move, or an aspiration. */
export function tabuQuestion(ctx: PredictContext, replay: Replay, event: Local): Question {
  const { board } = ctx;
  const full = String(ctx.options?.neighbourhood ?? 'conflicted') === 'full';
  const column = event.from! % board.width;
  return full
    ? { position: replay.position, kind: 'square', backtrack: false, prompt: 'Which move does tabu search make? Click the square a queen moves to: the move to the lowest h that is not tabu (shaded, listed beside), unless a tabu move beats the best h so far.' }
    : { position: replay.position, kind: 'square', backtrack: false, column, picked: event.from!, prompt: `Tabu search drew, at random, the queen on ${board.name(event.from!)} (file ${board.fileName(column)}). Click the square it moves to: the lowest h that is not tabu (shaded, listed beside), unless a tabu move beats the best h so far.` };
}

export function judgeTabu(ctx: PredictContext, replay: Replay, event: Local, answer: Answer): Judgement {
  const { board } = ctx;
  const { moves, tabu, best, aspiration, full, column } = tabuMoves(ctx, replay, event);
  const allowed = moves.filter(([sq, h]) => !tabu.has(sq) || (aspiration && h < best));
  const pool = allowed.length > 0 ? allowed : moves;
  const lowest = Math.min(...pool.map(([, h]) => h));
  const tied = pool.filter(([, h]) => h === lowest).map(([sq]) => sq);
  const blocked = moves.filter(([sq]) => tabu.has(sq)).filter(([sq, h]) => !(aspiration && h < best));
  const aspired = pool.filter(([sq, h]) => tabu.has(sq) && h === lowest).map(([sq]) => sq);
  const where = full ? 'every move of every queen' : `the moves of the queen on ${board.name(event.from!)} (file ${board.fileName(column)})`;
  const why = [
    `Tabu search looks at ${where} and takes the one to the lowest h that is not tabu${aspiration ? ', or a tabu one that beats the best h so far' + (Number.isFinite(best) ? ` (${best})` : '') : ''}.`,
    blocked.length > 0 ? ` Tabu, so not allowed: ${blocked.slice(0, 6).map(([sq, h]) => `${board.name(sq)} (h ${h})`).join(', ')}${blocked.length > 6 ? ` and ${blocked.length - 6} more` : ''}.` : ' No move it looks at is tabu.',
    allowed.length === 0 ? ' Every move is tabu: it takes the least bad of them.' : '',
    ` The lowest allowed h is ${lowest}${tied.length > 1 ? `, on ${tied.map((s) => board.name(s)).join(', ')}: ties are drawn at random, and any of them counts as right` : `, on ${board.name(tied[0]!)}`}${aspired.length > 0 ? ` (${aspired.map((s) => board.name(s)).join(', ')}: tabu, allowed by aspiration)` : ''}.`,
  ].join('');
  const h = typeof answer === 'number' ? moves.find(([sq]) => sq === answer)?.[1] : undefined;
  const wrong = typeof answer !== 'number' ? 'Tabu search never steps back.' : h === undefined ? `${board.name(answer)} is not a move it looks at${full ? '' : `: only the queen of file ${board.fileName(column)} moves`}.` : tabu.has(answer) && !(aspiration && h < best) ? `${board.name(answer)} is tabu (its queen left it lately), and h ${h} does not beat the best so far.` : `Moving there gives h = ${h}.`;
  return verdictOf(board, answer, event.to!, tied, why, tied.length > 1, wrong);
}
