import type { Board, Piece, ProblemKind, TraceEvent } from '@bezzel/core';
import { attackOn, attackWords } from './attackers.js';
import type { Replay } from './replay.js';

/** What the log needs to name squares and pieces, and the kind of problem, which decides what a solution is called. */
export interface StepContext {
  readonly board: Board;
  readonly piece: Piece;
  readonly task?: { readonly problem: { readonly kind: ProblemKind } };
}

/** Rejected squares named in full in one log line; the rest are counted. */
const NAMED = 4;

/**
 * One step in words, as a student would say it: "Placed Q on c3 — rejected a3 (file with a1), b3 (diagonal
 * with a2)". `before` is the board before the step, which is what a rejection was judged against.
 */
export function describeStep(context: StepContext, event: TraceEvent, before: readonly number[]): string {
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
    case 'local': {
      const h = `h = ${event.h}`;
      if (event.from === undefined || event.to === undefined) return `Start: ${h} (pairs of pieces attacking each other)`;
      return event.from === event.to ? `Kept the piece on ${sq(event.from)}, no square of its column is better: ${h}` : `Moved the piece on ${sq(event.from)} to ${sq(event.to)}: ${h}`;
    }
    case 'generation':
      return `Generation ${event.generation + 1}: the best walk visits ${event.best} of ${board.playable} squares (mean ${event.mean.toFixed(1)})`;
  }
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
    const event = replay.events[replay.position]!;
    replay.forward();
    lines.push({ step: replay.position, text: describeStep(context, event, before) });
  }
  return lines;
}
