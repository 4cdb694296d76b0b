import type { TraceEvent } from '@bezzel/core';
import { attackOn } from '../board/attackers.js';
import type { Replay } from '../run/replay.js';
import { fileWord, openDomains, rankWord, valueReason } from './csp-reason.js';
import { verdictOf, type Answer, type Judgement, type PredictContext, type Question } from './predict-verdict.js';

type Assign = Extract<TraceEvent, { type: 'assign' }>;

/** The same column again after its value failed: the search tries its next value, no choice of column is made. */
function again(replay: Replay, event: Assign): boolean {
  const last = replay.last;
  return last?.type === 'unassign' && last.variable === event.variable && last.depth === event.depth;
}

/** The values an assignment's inference removed beyond what its piece attacks: AC-3's own, under MAC. */
export function ac3Removals(ctx: PredictContext, event: Assign): number[] {
  const { board, piece } = ctx;
  const square = event.value * board.width + event.variable;
  return event.pruned.map((p) => p.value * board.width + p.variable).filter((sq) => attackOn(board, piece, [square], sq) === undefined);
}

/** MAC: which value does AC-3 remove? Asked where the assignment's AC-3 removes more than its piece attacks. */
export function ac3Question(ctx: PredictContext, replay: Replay, event: Assign): Question | undefined {
  if (String(ctx.options?.inference ?? 'forward-checking') !== 'mac' || ac3Removals(ctx, event).length === 0) return undefined;
  const { board } = ctx;
  const square = event.value * board.width + event.variable;
  return {
    position: replay.position,
    kind: 'square',
    backtrack: false,
    marked: [square],
    prompt: `The search assigns ${fileWord(board, event.variable)} = ${rankWord(board, event.value)} (the outlined square). Forward checking crosses out what that queen attacks; then AC-3 removes more. Click a value AC-3 removes.`,
  };
}

/** AC-3's removals: any of them counts; the first is named with the file that leaves it without support. */
export function judgeAc3(ctx: PredictContext, replay: Replay, event: Assign, answer: Answer): Judgement {
  const { board, piece } = ctx;
  const extra = ac3Removals(ctx, event);
  const square = event.value * board.width + event.variable;
  const { open, assigned } = openDomains(board, piece, replay.events, replay.position);
  const placed = [...assigned, square];
  // The domains forward checking leaves: AC-3 starts from them.
  const left = new Map([...open].filter(([c]) => c !== event.variable).map(([c, rows]) => [c, rows.filter((r) => attackOn(board, piece, placed, r * board.width + c) === undefined)]));
  const unsupported = (sq: number) => {
    const col = sq % board.width;
    for (const [c, rows] of left) if (c !== col && rows.every((r) => r * board.width + c === sq || attackOn(board, piece, [sq], r * board.width + c) !== undefined)) return c;
    return undefined;
  };
  const named = extra.slice(0, 4).map((sq) => {
    const c = unsupported(sq);
    return c === undefined ? board.name(sq) : `${board.name(sq)} (every value left in file ${fileWord(board, c)} conflicts with it)`;
  });
  const why = `After ${fileWord(board, event.variable)} = ${rankWord(board, event.value)}, AC-3 removes a value when some other open file has no value left that agrees with it, and repeats until nothing changes. It removed ${extra.length} beyond forward checking: ${named.join(', ')}${extra.length > 4 ? ` and ${extra.length - 4} more` : ''}. Any of them counts.`;
  const wrong = typeof answer !== 'number' ? '' : attackOn(board, piece, [square], answer) !== undefined ? `${board.name(answer)} goes by forward checking (the new queen attacks it), not by AC-3.` : `${board.name(answer)} keeps a supporting value in every other file.`;
  return verdictOf(board, answer, extra[0]!, extra, why, extra.length > 1, wrong);
}

/** MRV: which variable next? Asked where MRV chooses among open columns (not for the same column's next value). */
export function mrvQuestion(ctx: PredictContext, replay: Replay, event: Assign): Question | undefined {
  if (String(ctx.options?.ordering ?? 'mrv') === 'static' || again(replay, event)) return undefined;
  const { open } = openDomains(ctx.board, ctx.piece, replay.events, replay.position);
  if (open.size < 2) return undefined;
  return { position: replay.position, kind: 'column', backtrack: true, prompt: 'Which column does MRV assign next? Click any square of it, or press Backtrack if the search steps back. (Count each open column\'s unmarked squares: its values left.)' };
}

/** MRV's choice: any square of a column tied for the fewest values counts (the tie-break is the leftmost, or degree). */
export function judgeColumn(ctx: PredictContext, replay: Replay, event: Assign, answer: Answer): Judgement {
  const { board, piece } = ctx;
  const { open } = openDomains(board, piece, replay.events, replay.position);
  const fewest = Math.min(...[...open.values()].map((r) => r.length));
  const tied = [...open].filter(([, r]) => r.length === fewest).map(([c]) => c);
  const accepted: number[] = [];
  for (const c of tied) for (let r = 0; r < board.height; r++) accepted.push(r * board.width + c);
  const sizes = [...open].map(([c, r]) => `${fileWord(board, c)} ${r.length}`).join(', ');
  const ordering = String(ctx.options?.ordering ?? 'mrv');
  const why = `MRV picks the column with the fewest values left (${sizes}): ${fewest}${tied.length > 1 ? `, tied between ${tied.map((c) => fileWord(board, c)).join(', ')}; ${ordering === 'mrv+degree' ? 'the degree heuristic' : 'the first in order'} decides, and any of them counts as right` : ''}: file ${fileWord(board, event.variable)}.`;
  const wrong = typeof answer !== 'number' ? `Column ${fileWord(board, event.variable)} still has a value to try.` : !open.has(answer % board.width) ? `File ${fileWord(board, answer % board.width)} is assigned already.` : `File ${fileWord(board, answer % board.width)} has ${open.get(answer % board.width)!.length} values left.`;
  const judged = verdictOf(board, answer, event.value * board.width + event.variable, accepted, why, tied.length > 1, wrong);
  if (!judged.right || typeof answer !== 'number') return judged;
  // The answer is a column: any square of it is the same answer.
  const chosen = fileWord(board, answer % board.width);
  const verdict = answer % board.width === event.variable ? `Right: file ${chosen}.` : `Right by the rule: file ${chosen} ties with file ${fileWord(board, event.variable)}, which the strategy took.`;
  return { ...judged, verdict };
}

/** The value: the next one up of the column (a static order, or the same column again). */
export function judgeValue(ctx: PredictContext, replay: Replay, event: Assign, answer: Answer): Judgement {
  const { board, piece } = ctx;
  const square = event.value * board.width + event.variable;
  const { open } = openDomains(board, piece, replay.events, replay.position);
  const value = valueReason(board, piece, replay.events, replay.position, ctx.options) ?? '';
  const why = again(replay, event)
    ? `Column ${fileWord(board, event.variable)} again: its last value failed, so the search tries its next one (${value}).`
    : String(ctx.options?.ordering ?? 'mrv') === 'static'
      ? `Columns are taken left to right: ${fileWord(board, event.variable)} is the first unassigned; ${value}.`
      : `Only column ${fileWord(board, event.variable)} is open; ${value}.`;
  const inDomain = typeof answer === 'number' && (open.get(answer % board.width) ?? []).includes(Math.floor(answer / board.width));
  const wrong = typeof answer !== 'number' ? `File ${fileWord(board, event.variable)} still has a value to try.` : answer % board.width !== event.variable ? `The next column is ${fileWord(board, event.variable)}.` : !inDomain ? `${board.name(answer)} is no longer in the domain.` : `${board.name(square)} comes first.`;
  return verdictOf(board, answer, square, [square], why, false, wrong);
}
