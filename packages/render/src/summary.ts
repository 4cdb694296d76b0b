import { tourCountWords, type Board, type Minimum, type PartialResult, type Piece, type Result, type Stats } from '@bezzel/core';

/**
 * A number with thousands separators, `1,234,567.5`: what `toLocaleString('en-US')` prints, without loading
 * the ICU locale data that its first call costs (30 ms, a tenth of a whole `bezzel queens 8`).
 */
export function groupDigits(n: number | bigint): string {
  const [whole = '', fraction] = (typeof n === 'number' && !Number.isInteger(n) ? Number(n.toFixed(3)) : n).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const plural = (n: number | bigint, word: string) => `${n} ${word}${n === 1 || n === 1n ? '' : 's'}`;

/** What was asked, in words: "8 queens on 8×8", "a closed knight's tour of 6×6", "a knight's tour of 8×8 from a1" (open or closed). */
export function describeProblem(board: Board, piece: Piece, result: Result, k?: number): string {
  const p = result.task.problem;
  const where = board.torus ? `the ${board} torus` : String(board);
  if (p.kind === 'placement') return `${k === undefined ? `${piece.name}s` : plural(k, piece.name)} on ${where}`;
  if (p.kind === 'dominate') return `${k === undefined ? `${piece.name}s` : plural(k, piece.name)} ${variantWords(p.variant)} ${where}`;
  const from = p.start !== undefined ? ` from ${board.name(p.start)}` : '';
  const magic = p.magic === 'semi' ? 'semi-magic ' : p.magic === 'full' ? 'magic ' : '';
  // Without --closed any tour will do, and one that happens to close is one of them: "open" would contradict the
  // "closed: …" that then prints under it.
  return `${p.closed ? 'a closed ' : 'a '}${magic}${piece.name}'s tour of ${where}${from}`;
}

/** How a set of pieces relates to the board, in the words of each domination variant. */
export function variantWords(variant: string | undefined): string {
  return variant === 'total' ? 'attacking every square of' : variant === 'independent' ? 'not attacking each other, dominating' : 'dominating';
}

/** The one-line answer a user reads first. */
export function headline(board: Board, piece: Piece, result: Result, k?: number): string {
  const what = describeProblem(board, piece, result, k);
  switch (result.status) {
    case 'solved':
      if (result.minimum) return `The fewest ${what}: ${result.minimum.value} (${proofWords(result.minimum)}); one set:`;
      if (result.task.problem.kind === 'dominate' && result.task.problem.k === undefined) {
        const size = result.solutions[0]?.kind === 'placement' ? result.solutions[0].squares.length : 0;
        return `Found a set: ${describeProblem(board, piece, result, size)} (not proven the fewest)`;
      }
      return result.maximum !== undefined ? `At most ${plural(result.maximum, piece.name)} fit on ${board}; one way:` : `Found a solution: ${what}`;
    case 'complete':
      if (result.minimum) {
        const sets = `${plural(result.count, 'minimum set')}${result.fundamental !== undefined ? `, ${result.fundamental} fundamental (distinct up to symmetry)` : ''}`;
        return `The fewest ${what}: ${result.minimum.value} (${proofWords(result.minimum)}), in ${sets}`;
      }
      if (result.maximum !== undefined) return `At most ${plural(result.maximum, piece.name)} fit on ${board}, in ${plural(result.count, 'way')}`;
      if (result.fundamental !== undefined) return `${plural(result.count, 'solution')}, ${result.fundamental} fundamental (distinct up to symmetry): ${what}`;
      // A count of tours says how it counts them: a tour and its reversal are one or two (tourCountWords).
      return `${tourCountWords(result.task) ? `${result.count} ${tourCountWords(result.task)}` : plural(result.count, 'solution')}: ${what}`;
    case 'impossible':
      return `No solution: ${result.reason}${result.proof === 'exhausted' ? ' (exhausted search)' : ''}`;
    case 'budget': {
      const why = result.exhausted === 'stuck' ? 'the search got stuck' : `the ${result.exhausted === 'time' ? 'time' : 'step'} budget ran out before the search finished`;
      const partial = result.partial?.count !== undefined ? `; ${result.partial.count} found so far${coverageOf(result.partial)}` : '';
      const score = result.partial?.score !== undefined ? `; best score ${result.partial.score}` : '';
      return `No answer: ${why}${partial}${score}${result.partial?.note ? ` (${result.partial.note})` : ''}`;
    }
    case 'aborted': {
      const partial = result.partial?.count !== undefined ? `: ${result.partial.count} found so far${coverageOf(result.partial)}` : '';
      return `Stopped${partial}${result.partial?.note ? `; ${result.partial.note}` : ''}`;
    }
  }
}

/** How a minimum was proven, in words. */
export function proofWords(minimum: Minimum): string {
  switch (minimum.proof) {
    case 'exhausted':
      return 'proven: a search for fewer was exhausted';
    case 'solver':
      return "proven: the solver's bound meets it";
    case 'table':
      return 'proven: the counts of every size have none fewer';
    case 'bound':
      return 'proven: a lower bound meets it';
  }
}

/** The stats line: strategy, nodes, backtracks… and time. */
export function renderStats(result: Result): string {
  const s: Stats = result.stats;
  const parts = [`strategy ${result.strategy}`, `nodes ${groupDigits(s.nodes)}`];
  if (s.backtracks !== undefined) parts.push(`backtracks ${groupDigits(s.backtracks)}`);
  if (s.moves !== undefined) parts.push(`moves ${groupDigits(s.moves)}`);
  if (s.restarts !== undefined) parts.push(`restarts ${s.restarts}`);
  if (s.generations !== undefined) parts.push(`generations ${s.generations}`);
  if (s.workers !== undefined) parts.push(`workers ${s.workers}`);
  for (const [key, value] of Object.entries(s.extra ?? {})) parts.push(`${key} ${typeof value === 'number' ? groupDigits(value) : value}`);
  parts.push(`time ${s.timeMs < 1000 ? `${s.timeMs.toFixed(1)} ms` : `${(s.timeMs / 1000).toFixed(2)} s`}`);
  if (result.seed !== undefined) parts.push(`seed ${result.seed}`);
  return parts.join(' · ');
}

/** How much of the space a stopped count covered, where the strategy could tell, or how many of its sub-tasks finished. */
function coverageOf(partial: PartialResult): string {
  if (partial.coverage === undefined) return '';
  const share = `${(partial.coverage * 100).toFixed(1)}%`;
  return partial.coverageOf === 'sub-tasks' ? ` (${share} of its sub-tasks finished)` : ` (${share} of the search space covered)`;
}
