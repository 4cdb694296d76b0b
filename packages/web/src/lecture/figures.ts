import { groupDigits } from '@bezzel/render';
import type { Run } from '../run/run.js';
import type { Figures } from './note.js';

/**
 * The figures a scene's note may name, computed from the live run at its position: the step, its depth and h now;
 * the run's nodes, solutions, backtracks, restarts, moves, generations, the size of its answer, its status. A figure
 * the run does not have reads "–", so a note never shows a number nobody computed.
 */
export function sceneFigures(run: Run | undefined): Figures {
  const none = '–';
  if (!run) return {};
  const replay = run.replay;
  const result = run.result;
  const n = (x: number | bigint | undefined) => (x === undefined ? none : groupDigits(x));
  const stats = result?.stats;
  const generation = replay.lastGeneration() ?? replay.lastPopulation();
  const local = replay.lastLocal();
  const answer = result && 'solutions' in result ? result.solutions?.[0] : undefined;
  return {
    step: n(replay.position),
    steps: n(run.steps ?? replay.length),
    depth: n(replay.depth),
    h: local ? n(local.h) : generation ? `best fitness ${generation.best}` : none,
    nodes: n(stats?.nodes),
    solutions: solutionsOf(run),
    backtracks: n(stats?.backtracks),
    restarts: n(stats?.restarts ?? numeric(stats?.extra?.restarts)),
    moves: n(stats?.moves),
    generations: n(stats?.generations),
    pieces: answer?.kind === 'placement' ? n(answer.squares.length) : none,
    status: result?.status ?? (run.error ? 'error' : 'running'),
  };
}

function numeric(value: number | string | undefined): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** Solutions the run found: its count, or the solutions it returned or streamed. */
function solutionsOf(run: Run): string {
  const result = run.result;
  if (!result) return '–';
  if (result.status === 'complete' && 'count' in result) return groupDigits(result.count);
  if (result.status === 'solved') return groupDigits(Math.max(result.solutions.length, run.solutionCount));
  return result.status === 'impossible' ? '0' : groupDigits(run.solutionCount);
}
