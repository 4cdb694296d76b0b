import type { Board, Minimum, MinimumBounds, Piece, Result, Solution } from '@bezzel/core';
import { groupDigits, headline, proofWords, renderStats } from '@bezzel/render';
import { pageWords } from '../shared/page-words.js';

/** A run's answer as the page shows it: a status word, the CLI's own headline, and the figures behind it. */
export interface Answer {
  /** One word for the status badge: solved, complete, impossible, out of steps, out of time, stuck, stopped. */
  readonly status: string;
  readonly tone: 'good' | 'neutral' | 'bad';
  /** The sentence `bezzel` prints first, in the page's words. */
  readonly headline: string;
  /** Label and value pairs: count, fundamental, maximum, ways, covered, best score… */
  readonly figures: readonly (readonly [string, string])[];
  /** The CLI's stats line: strategy, nodes, backtracks, time, seed. */
  readonly stats: string;
}

/** Squares of a set named in the figures; a longer set is counted past them. */
const NAMED_SQUARES = 24;

/** Counts of four digits or more in a sentence, with thousands separators ("14,200 solutions"); a board's sides ("1000×1000") are left as typed. */
export function groupedNumbers(words: string): string {
  return words.replace(/(?<![\d×.,])\d{4,}(?![\d×.,])/g, (digits) => groupDigits(BigInt(digits)));
}

/**
 * The stats line's names the page would leave misread: min-conflicts' `initialConflicts` counts the queens in
 * conflict, not h (the attacking pairs the curve beside it charts), so "initialConflicts 2" sat beside an h of 1.
 */
export function statsWords(stats: string): string {
  return stats.replace(/\binitialConflicts (\d+)/g, (_, n: string) => `queens in conflict at the start ${n} (not h: h counts attacking pairs)`);
}

/** Everything the CLI says about a result, so no goal's answer is missing a part on the page. */
export function answerOf(board: Board, piece: Piece, result: Result, k?: number): Answer {
  const figures = result.task.problem.kind === 'dominate' ? dominationFigures(board, piece, result) : placementFigures(piece, result);
  figures.push(['Nodes', groupDigits(result.stats.nodes)]);
  return { status: statusWord(result), tone: toneOf(result), headline: groupedNumbers(pageWords(headline(board, piece, result, k))), figures, stats: statsWords(pageWords(renderStats(result))) };
}

function placementFigures(piece: Piece, result: Result): [string, string][] {
  const figures: [string, string][] = [];
  const n = (x: number | bigint) => groupDigits(x);
  switch (result.status) {
    case 'solved':
      if (result.maximum !== undefined) figures.push(['Maximum', `${n(result.maximum)} ${piece.name}s`]);
      figures.push(['Solutions shown', n(result.solutions.length)]);
      break;
    case 'complete':
      if (result.maximum !== undefined) {
        figures.push(['Maximum', `${n(result.maximum)} ${piece.name}s`], ['Ways', n(result.count)]);
      } else {
        figures.push(['Solutions', n(result.count)]);
        if (result.fundamental !== undefined) figures.push(['Fundamental', `${n(result.fundamental)} (distinct up to symmetry)`]);
      }
      break;
    case 'impossible':
      figures.push(proofFigure(result.proof));
      break;
    case 'budget':
    case 'aborted': {
      const partial = result.partial;
      figures.push(...countsSoFar(partial));
      if (partial?.coverage !== undefined) figures.push(['Search space covered', `${(partial.coverage * 100).toFixed(1)}%`]);
      if (partial?.score !== undefined) figures.push(['Best score', n(partial.score)]);
      break;
    }
  }
  return figures;
}

/**
 * A domination answer's figures: the fewest and how it is proven, the minimum sets counted (and up to symmetry),
 * the set itself by its squares; a stopped run's bounds on the fewest and the smallest set it reached; a set
 * nothing proves the fewest said to be only an upper bound.
 */
function dominationFigures(board: Board, piece: Piece, result: Result): [string, string][] {
  const figures: [string, string][] = [];
  const n = (x: number | bigint) => groupDigits(x);
  const pieces = (count: number) => `${n(count)} ${piece.name}${count === 1 ? '' : 's'}`;
  const fewest = (minimum: Minimum) => figures.push(['Fewest', pieces(minimum.value)], ['Proof', proofWords(minimum).replace(/^proven: /, '')]);
  const set = (label: string, solution: Solution | undefined) => {
    if (solution?.kind === 'placement') figures.push([label, `${pieces(solution.squares.length)}: ${squareNames(board, solution.squares)}`]);
  };
  switch (result.status) {
    case 'solved':
      if (result.minimum) fewest(result.minimum);
      set(result.minimum ? 'One minimum set' : 'Set found', result.solutions[0]);
      if (!result.minimum && result.task.problem.kind === 'dominate' && result.task.problem.k === undefined) figures.push(['Fewest', 'not proven: this set is an upper bound']);
      break;
    case 'complete':
      if (result.minimum) {
        fewest(result.minimum);
        figures.push(['Minimum sets', n(result.count)]);
      } else figures.push(['Dominating sets', n(result.count)]);
      if (result.fundamental !== undefined) figures.push(['Fundamental', `${n(result.fundamental)} (distinct up to symmetry)`]);
      if (result.minimum) set('One minimum set', result.solutions?.[0]);
      break;
    case 'impossible':
      figures.push(proofFigure(result.proof));
      break;
    case 'budget':
    case 'aborted': {
      const partial = result.partial;
      if (partial?.bounds) figures.push(['Fewest', boundsWords(partial.bounds)]);
      set('Smallest set found', partial?.best);
      figures.push(...countsSoFar(partial));
      break;
    }
  }
  return figures;
}

/** How an impossibility is proven, the same words for every kind of problem. */
function proofFigure(proof: Extract<Result, { status: 'impossible' }>['proof']): [string, string] {
  return ['Proof', proof === 'theorem' ? 'a theorem, before any search' : 'the search tried everything'];
}

/** The counts a stopped run had reached, as every kind of problem reports them. */
function countsSoFar(partial: Extract<Result, { status: 'budget' | 'aborted' }>['partial']): [string, string][] {
  const counts: [string, string][] = [];
  if (partial?.count !== undefined) counts.push(['Found so far', groupDigits(partial.count)]);
  if (partial?.fundamental !== undefined) counts.push(['Fundamental so far', groupDigits(partial.fundamental)]);
  return counts;
}

/** "at least 5, at most 9", or "at least 5" before any set was found. */
function boundsWords(bounds: MinimumBounds): string {
  return `at least ${groupDigits(bounds.lower)}${bounds.upper !== undefined ? `, at most ${groupDigits(bounds.upper)}` : ' (no set found yet)'}`;
}

/** "c4 d4 e4 c5 h2", the first few of a long set and how many more. */
function squareNames(board: Board, squares: readonly number[]): string {
  const names = squares.slice(0, NAMED_SQUARES).map((sq) => board.name(sq)).join(' ');
  return squares.length > NAMED_SQUARES ? `${names} and ${groupDigits(squares.length - NAMED_SQUARES)} more` : names;
}

function statusWord(result: Result): string {
  if (result.status === 'budget') return result.exhausted === 'stuck' ? 'stuck' : result.exhausted === 'time' ? 'out of time' : 'out of steps';
  if (result.status === 'aborted') return 'stopped';
  return result.status;
}

function toneOf(result: Result): Answer['tone'] {
  if (result.status === 'solved' || result.status === 'complete') return 'good';
  return result.status === 'impossible' ? 'neutral' : 'bad';
}
