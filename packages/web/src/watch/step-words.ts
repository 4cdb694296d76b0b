import type { Board, OptionValue, Piece, ProblemKind, TraceEvent } from '@bezzel/core';
import { attackOn, attackWords } from '../board/attackers.js';
import type { Replay } from '../run/replay.js';
import { valueReason, variableReason } from './csp-reason.js';

/** What the log needs to name squares and pieces, and the kind of problem, which decides what a solution is called. */
export interface StepContext {
  readonly board: Board;
  readonly piece: Piece;
  readonly task?: { readonly problem: { readonly kind: ProblemKind }; readonly options?: Readonly<Record<string, OptionValue>> };
}

/** Rejected squares named in full in one log line; the rest are counted. */
const NAMED = 4;

/**
 * One step in words, as a student would say it: "Placed Q on c3 — rejected a3 (file with a1), b3 (diagonal
 * with a2)". `before` is the board before the step, which is what a rejection was judged against.
 */
export function describeStep(context: StepContext, event: TraceEvent, before: readonly number[], reason?: string): string {
  const { board, piece } = context;
  const sq = (s: number) => board.name(s);
  const symbol = piece.symbols.ascii;
  switch (event.type) {
    case 'place': {
      if (event.covering !== undefined) return `Placed ${symbol} on ${sq(event.square)} to cover ${sq(event.covering)} (the hardest square left)`;
      const rejected = event.rejected?.length ? ` — rejected ${rejections(context, event.rejected, before)}` : '';
      return `Placed ${symbol} on ${sq(event.square)}${rejected}`;
    }
    case 'remove':
      return event.rejected?.length
        ? `Dead end, every square left is attacked: ${rejections(context, event.rejected, before)} — took ${symbol} back from ${sq(event.square)}`
        : `Took ${symbol} back from ${sq(event.square)}`;
    case 'solution':
      return context.task?.problem.kind === 'dominate' ? `Set ${event.index + 1} found: ${pieces(piece, before.length)} cover every square` : `Solution ${event.index + 1} found`;
    case 'cut':
      return cutWords(context, event);
    case 'move': {
      if (event.depth === 0) return `Started on ${sq(event.square)}`;
      const options = event.candidates?.length ? ` — onward moves: ${event.candidates.map((c) => `${sq(c.square)} ${c.degree}`).join(', ')}` : '';
      return `Move ${event.depth}: to ${sq(event.square)}${options}`;
    }
    case 'retreat':
      return event.depth === 0 ? `Left the start ${sq(event.square)}: every path from it has been tried` : `Stepped back from ${sq(event.square)}`;
    case 'local':
      return localWords(context, event);
    case 'generation':
      return `Generation ${event.generation + 1}: the best walk visits ${event.best} of ${board.playable} squares (mean ${event.mean.toFixed(1)})`;
    case 'assign':
    case 'unassign':
    case 'wipeout':
      return cspWords(context, event, before, reason);
    case 'cover':
    case 'uncover':
      return dlxWords(context, event);
    case 'population': {
      const most = (board.width * (board.width - 1)) / 2;
      return `Generation ${event.generation + 1}: best fitness ${event.best} of ${most} non-attacking pairs, mean ${event.mean.toFixed(1)}, diversity ${(event.diversity * 100).toFixed(0)}%`;
    }
  }
}

/** Local search in words: a start, a move, annealing's proposal accepted or refused, tabu's aspiration, beam's k states. */
function localWords({ board }: StepContext, event: Extract<TraceEvent, { type: 'local' }>): string {
  const sq = (s: number) => board.name(s);
  const h = `h = ${event.h}`;
  if (event.states) {
    const hs = event.states.map((s) => s.h).join(', ');
    if (event.step > 0 && event.h === 0 && event.states.length === 1) return `A successor with h = 0: a solution`;
    return event.step === 0
      ? `Start: ${event.states.length} random states, h = ${hs}`
      : `Kept the best ${event.states.length} of all their successors: h = ${hs}`;
  }
  const t = event.temperature === undefined ? '' : `T = ${temperature(event.temperature)}: `;
  if (event.from === undefined || event.to === undefined) return `${t}Start: ${h} (pairs of pieces attacking each other)`;
  const move = event.swapped ? `swapping the pieces on ${sq(event.from)} and ${sq(event.swapped.from)}` : `moving the piece on ${sq(event.from)} to ${sq(event.to)}`;
  if (event.accepted !== undefined && event.delta !== undefined && event.temperature !== undefined) return `${acceptance(event)}: ${event.accepted ? `accepted ${move}: ${h}` : `refused ${move}: h stays ${event.h}`}`;
  if (event.accepted === false) return `${t}Refused ${move}: h stays ${event.h}`;
  if (event.accepted === true) return `${t}Accepted ${move}: ${h}`;
  if (event.from === event.to) return `Kept the piece on ${sq(event.from)}, no square of its column is better: ${h}`;
  const moved = event.swapped ? `Swapped the pieces on ${sq(event.from)} and ${sq(event.swapped.from)}` : `Moved the piece on ${sq(event.from)} to ${sq(event.to)}`;
  const why = event.tabu ? ' (a tabu move, taken by aspiration: it beats the best h so far)' : event.allTabu ? ' (every move was tabu: the least bad of them)' : '';
  return `${moved}${why}: ${h}`;
}

/**
 * Annealing's decision in numbers: Δ, T, p = e^(−Δ/T) and the draw it was decided by ("Δ = +2, T = 2.48: p = e^(−2/2.48)
 * = 0.45, draw 0.31 < p"), or that a move with Δ ≤ 0 is taken without a draw.
 */
export function acceptance(event: Extract<TraceEvent, { type: 'local' }>): string {
  const delta = event.delta ?? 0;
  const t = temperature(event.temperature ?? 0);
  if (delta <= 0) return `Δ = ${delta === 0 ? '0' : `−${-delta}`} ≤ 0, T = ${t}: taken without a draw`;
  const p = Math.exp(-delta / (event.temperature ?? 1));
  const draw = event.draw ?? Number.NaN;
  return `Δ = +${delta}, T = ${t}: p = e^(−${delta}/${t}) = ${probability(p)}, draw ${probability(draw)} ${draw < p ? '<' : '≥'} p`;
}

/** A probability in a few digits: 0.45, 0.031, 2.1e-5. */
export function probability(p: number): string {
  return p >= 0.01 || p === 0 ? p.toFixed(2) : p.toPrecision(2);
}

function temperature(t: number): string {
  return t >= 100 ? t.toFixed(0) : t >= 1 ? t.toFixed(2) : t.toPrecision(2);
}

/** A csp step: column c takes row r (square c r), what its inference crossed out, a wipe-out, a value taken back. */
function cspWords(context: StepContext, event: Extract<TraceEvent, { type: 'assign' | 'unassign' | 'wipeout' }>, before: readonly number[], reason?: string): string {
  const { board, piece } = context;
  const at = (variable: number, value: number) => board.name(value * board.width + variable);
  const column = (variable: number) => (board.width <= 26 ? `column ${String.fromCharCode(97 + variable)}` : `column ${variable + 1}`);
  const symbol = piece.symbols.ascii;
  switch (event.type) {
    case 'assign': {
      const refused = event.rejected?.length ? ` — refused ${rejections(context, event.rejected.map((v) => v * board.width + event.variable), before)}` : '';
      const pruned = event.pruned.length
        ? ` — crossed out ${event.pruned.length} value${event.pruned.length === 1 ? '' : 's'} of later columns: ${event.pruned.slice(0, NAMED).map((p) => at(p.variable, p.value)).join(', ')}${event.pruned.length > NAMED ? ` and ${event.pruned.length - NAMED} more` : ''}`
        : '';
      return `${reason ? `${reason} — ` : ''}${column(event.variable)} = ${event.value + 1}: ${symbol} on ${at(event.variable, event.value)}${pruned}${refused}`;
    }
    case 'unassign': {
      const jump = event.backjumpTo === undefined ? '' : event.backjumpTo < 0 ? ' (backjumping past the root: no assignment can help)' : ` (backjumping to depth ${event.backjumpTo})`;
      const dead = event.rejected?.length ? `Dead end one column on, rows ${event.rejected.map((v) => v + 1).join(', ')} all conflict — ` : '';
      return `${dead}Took ${symbol} back from ${at(event.variable, event.value)}, its crossed-out values return${jump}`;
    }
    case 'wipeout':
      return `Wipe-out: ${column(event.variable)} has no value left — the assignment at depth ${event.depth} fails`;
  }
}

/** A dancing-links step: an option chosen for the column branched on, or taken back. */
function dlxWords({ board, piece }: StepContext, event: Extract<TraceEvent, { type: 'cover' | 'uncover' }>): string {
  const square = board.name(event.row);
  if (event.type === 'uncover') return `Uncovered ${event.column}: took ${piece.symbols.ascii} back from ${square}`;
  const options = event.size === undefined ? '' : ` (${event.size} option${event.size === 1 ? '' : 's'} left, the fewest)`;
  const also = event.also?.length ? `, covering ${event.also.join(', ')}` : '';
  return `Covered ${event.column}${options} with ${piece.symbols.ascii} on ${square}${also}`;
}

/** Why a domination search went no deeper. */
function cutWords({ board, piece }: StepContext, event: Extract<TraceEvent, { type: 'cut' }>): string {
  const squares = (n: number) => `${n.toLocaleString('en')} square${n === 1 ? '' : 's'}`;
  switch (event.why) {
    case 'bound':
      return event.left === 0
        ? `No ${piece.name}s left, ${squares(event.count)} uncovered: back up`
        : `Pruned: ${event.left.toLocaleString('en')} more ${piece.name}${event.left === 1 ? '' : 's'} cannot cover the ${squares(event.count)} left uncovered (the bound)`;
    case 'uncoverable':
      return `Dead end: no ${piece.name} allowed here can cover ${event.square === undefined ? 'a square' : board.name(event.square)} any more`;
    case 'spare':
      return `Every square covered with ${pieces(piece, event.left)} to spare: any ${event.left} of the ${squares(event.count)} still free complete a set, counted at once`;
  }
}

function pieces(piece: Piece, n: number): string {
  return `${n.toLocaleString('en')} ${piece.name}${n === 1 ? '' : 's'}`;
}

/** "d4 (diagonal with c3), e4 (file with e1) and 3 more". */
function rejections(context: StepContext, squares: readonly number[], pieces: readonly number[]): string {
  const { board, piece } = context;
  const named = squares.slice(0, NAMED).map((s) => {
    const attack = attackOn(board, piece, pieces, s);
    return attack ? `${board.name(s)} (${attackWords(board, attack)})` : board.name(s);
  });
  const more = squares.length - named.length;
  return `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Why a csp assignment takes its column and its value (MRV's counts, LCV's), for its log line. */
function cspReason(context: StepContext, events: readonly TraceEvent[], position: number): string | undefined {
  const { board, piece } = context;
  const options = context.task?.options;
  const variable = variableReason(board, piece, events, position, options);
  const value = valueReason(board, piece, events, position, options);
  return variable && value ? `${variable}; ${value}` : variable;
}

/** A line of the step log: the position it leads to (1-based step number) and its words. */
export interface LogLine {
  readonly step: number;
  readonly text: string;
}

/**
 * The last `count` steps up to the replay's position, in words. Each is judged against the board before it, so
 * the replay steps back over them and forward again, ending where it was.
 */
export function stepLog(context: StepContext, replay: Replay, count: number): LogLine[] {
  const end = replay.position;
  const start = Math.max(0, end - count);
  replay.seek(start);
  const lines: LogLine[] = [];
  while (replay.position < end) {
    const before = [...replay.squares];
    const at = replay.position;
    const event = replay.events[at]!;
    replay.forward();
    lines.push({ step: replay.position, text: describeStep(context, event, before, event.type === 'assign' ? cspReason(context, replay.events, at) : undefined) });
  }
  return lines;
}
