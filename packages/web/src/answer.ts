import type { Board, Piece, Result } from '@bezzel/core';
import { groupDigits, headline, renderStats } from '@bezzel/render';
import { pageWords } from './page-words.js';

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

/** Everything the CLI says about a result, so no goal's answer is missing a part on the page. */
export function answerOf(board: Board, piece: Piece, result: Result, k?: number): Answer {
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
      figures.push(['Proof', result.proof === 'theorem' ? 'a theorem, before any search' : 'the search tried everything']);
      break;
    case 'budget':
    case 'aborted': {
      const partial = result.partial;
      if (partial?.count !== undefined) figures.push(['Found so far', n(partial.count)]);
      if (partial?.fundamental !== undefined) figures.push(['Fundamental so far', n(partial.fundamental)]);
      if (partial?.coverage !== undefined) figures.push(['Search space covered', `${(partial.coverage * 100).toFixed(1)}%`]);
      if (partial?.score !== undefined) figures.push(['Best score', n(partial.score)]);
      break;
    }
  }
  figures.push(['Nodes', n(result.stats.nodes)]);
  return { status: statusWord(result), tone: toneOf(result), headline: pageWords(headline(board, piece, result, k)), figures, stats: pageWords(renderStats(result)) };
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
