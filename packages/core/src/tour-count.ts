import type { OptionValue, Task } from './problem.js';

/** The two ways researchers count tours (see {@link tourDirection}). */
export const TOUR_DIRECTIONS = ['directed', 'undirected'] as const;
/** `directed`: a tour and its reversal are two; `undirected`: one. */
export type TourDirection = (typeof TOUR_DIRECTIONS)[number];

/**
 * What a count of tours counts, the rule every tour-counting strategy and the output share. Option `direction`
 * says it; without it, each kind of tour is counted as its published table counts it: open tours directed (a path
 * and its reversal are two tours: 1728 on 5×5 and 6,637,920 on 6×6, OEIS A165134), closed tours undirected (a
 * cycle once, whatever its start and direction: 9862 on 6×6, OEIS A001230). A magic tour is numbered, so
 * directed. Undefined for anything that is not a tour count.
 */
export function tourDirection(task: Task): TourDirection | undefined {
  const problem = task.problem;
  if (problem.kind !== 'tour' || task.goal !== 'count') return undefined;
  if (problem.magic) return 'directed';
  const asked: OptionValue | undefined = task.options?.direction;
  if (asked === 'directed' || asked === 'undirected') return asked;
  return problem.closed ? 'undirected' : 'directed';
}

/**
 * The words a count of tours is read with: "directed tours (each tour once each way)", "undirected tours (each
 * once, whichever end it starts from)", "undirected closed tours (each cycle once…)"; with a given start a path
 * is counted once either way. Undefined for anything that is not a tour count.
 */
export function tourCountWords(task: Task): string | undefined {
  const direction = tourDirection(task);
  const problem = task.problem;
  if (!direction || problem.kind !== 'tour') return undefined;
  if (problem.magic) return 'numbered tours (each tour once each way)';
  if (problem.closed) {
    return direction === 'undirected' ? 'undirected closed tours (each cycle once, whatever its start and direction)' : 'directed closed tours (each cycle once each way round)';
  }
  if (problem.start !== undefined) return 'tours from that square';
  return direction === 'undirected' ? 'undirected tours (each once, whichever end it starts from)' : 'directed tours (each tour once each way)';
}
