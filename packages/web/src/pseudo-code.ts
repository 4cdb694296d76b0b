import type { ProblemKind, TraceEvent } from '@bezzel/core';

/** A strategy's idea as numbered lines, and which lines each recorded step carries out. */
export interface Listing {
  readonly title: string;
  readonly lines: readonly string[];
  /** The lines the step that made the current state ran: the first is the current line, others ran with it. */
  readonly linesOf: (event: TraceEvent, previous: TraceEvent | undefined) => readonly number[];
}

const PLACEMENT_BACKTRACKING: Listing = {
  title: 'Backtracking (depth-first search)',
  lines: [
    'search(depth):',
    '  if depth = k: record a solution, return',
    '  for each square s after the last one tried:',
    '    if a placed piece attacks s: reject s, try the next',
    '    place a piece on s',
    '    search(depth + 1)',
    '    take the piece back from s',
    '  no square left: a dead end, return',
  ],
  linesOf: (event) => {
    if (event.type === 'place') return event.rejected?.length ? [4, 3] : [4, 2];
    if (event.type === 'solution') return [1];
    if (event.type === 'remove') return event.rejected?.length ? [6, 7, 3] : [6];
    return [];
  },
};

const TOUR_BACKTRACKING: Listing = {
  title: 'Backtracking a tour (depth-first search)',
  lines: [
    'tour(path):',
    '  if the path covers every square (and closes, if asked): record a solution',
    '  for each unvisited square one move from the end, in the ordering\'s order:',
    '    move there',
    '    tour(path + square)',
    '    step back',
    '  no move left: a dead end, return',
  ],
  linesOf: (event, previous) => {
    if (event.type === 'move') return event.depth === 0 ? [0] : [3, 2];
    if (event.type === 'solution') return [1];
    // Stepping back from the square just entered means it had no way on: a dead end.
    if (event.type === 'retreat') return previous?.type === 'move' && previous.square === event.square ? [5, 6] : [5];
    return [];
  },
};

const WARNSDORFF: Listing = {
  title: "Warnsdorff's rule",
  lines: [
    'start on the start square',
    'while squares are left:',
    '  candidates = unvisited squares one move away, each with its onward degree',
    '  if there is none: stuck (walk again from a new start while restarts are left)',
    '  move to the candidate with the fewest onward moves (ties: the tie-break rule)',
    'every square visited: a tour (closed if the last square reaches the first)',
  ],
  linesOf: (event, previous) => {
    if (event.type === 'move') return event.depth === 0 ? (previous ? [0, 3] : [0]) : [4, 2];
    if (event.type === 'solution') return [5];
    return [];
  },
};

const MIN_CONFLICTS: Listing = {
  title: 'Min-conflicts repair',
  lines: [
    'put one piece in each column (the initial placement)',
    'while some piece is attacked (h > 0):',
    '  pick an attacked column at random',
    '  move its piece to the square of its column with the fewest conflicts (ties at random)',
    '  after too many repairs: start again from the first line',
    'h = 0: a solution',
  ],
  linesOf: (event, previous) => {
    if (event.type === 'place') return event.depth === 0 && previous ? [0, 4] : [0];
    if (event.type === 'local') return event.h === 0 ? [5, 3] : event.from === undefined ? [1] : [3, 2];
    return [];
  },
};

const HILL_CLIMBING: Listing = {
  title: 'Hill climbing (steepest descent of h)',
  lines: [
    'put one piece in each column at random',
    'loop:',
    '  look at every move of one piece within its column, and the h it would give',
    '  if no move lowers h (and no sideways moves are left): stuck, restart if allowed',
    '  make the move that lowers h most (ties at random; equal h is a sideways move)',
    'h = 0: a solution',
  ],
  linesOf: (event) => {
    if (event.type === 'place') return [0];
    if (event.type === 'local') return event.h === 0 ? [5, 4] : event.from === undefined ? [1] : [4, 2];
    return [];
  },
};

const GENETIC: Listing = {
  title: 'Genetic algorithm on move sequences',
  lines: [
    'make a population of random move sequences',
    'each generation:',
    '  walk each sequence until an illegal or repeated move: fitness = squares visited',
    '  after a share of the generations, repair illegal moves by Warnsdorff\'s rule',
    '  keep the best; breed the rest by tournament, crossover and mutation',
    'stop when a walk visits every square',
  ],
  linesOf: (event) => (event.type === 'generation' ? [2, 4] : []),
};

const COVER_SEARCH: Listing = {
  title: 'Cover search (depth first, with bounds)',
  lines: [
    'fewest: find a set, then search for one with a piece fewer, until a search fails (that failure is the proof)',
    'cover(j pieces left):',
    '  if every square is covered: a set (counting: spare pieces go on any free squares), return',
    '  if j pieces cannot cover the squares left (the bound): prune, return',
    '  s = the hardest uncovered square: the one the fewest allowed pieces can cover',
    '  if no allowed piece covers s: a dead end, return',
    '  for each allowed square c whose piece covers s (finding: the ones covering most first):',
    '    place a piece on c; cover(j − 1)',
    '    take it back, and allow no piece on c in the later branches',
  ],
  linesOf: (event, previous) => {
    switch (event.type) {
      // A search starting afresh right after a set was found looks for one with a piece fewer.
      case 'place':
        return event.depth === 0 && previous?.type === 'solution' ? [0, 7] : [7, 6, 4];
      case 'remove':
        return [8];
      case 'solution':
        return [2];
      case 'cut':
        return event.why === 'bound' ? [3] : event.why === 'uncoverable' ? [5, 4] : [2];
      default:
        return [];
    }
  },
};

/** The listing for a strategy and problem, or undefined for strategies that record no steps. */
export function listingFor(strategy: string, problem: ProblemKind): Listing | undefined {
  switch (strategy) {
    case 'backtracking':
      return problem === 'tour' ? TOUR_BACKTRACKING : PLACEMENT_BACKTRACKING;
    case 'warnsdorff':
      return WARNSDORFF;
    case 'min-conflicts':
      return MIN_CONFLICTS;
    case 'hill-climbing':
      return HILL_CLIMBING;
    case 'genetic':
      return GENETIC;
    case 'cover-search':
      return COVER_SEARCH;
    default:
      return undefined;
  }
}

/** The strategies whose every step the page can show. */
export const STEPPED_STRATEGIES = ['backtracking', 'warnsdorff', 'min-conflicts', 'hill-climbing', 'genetic', 'cover-search'] as const;
