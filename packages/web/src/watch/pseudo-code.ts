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
    if (event.type === 'solution') return [5];
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
    if (event.type === 'solution') return [5];
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

const SIMULATED_ANNEALING: Listing = {
  title: 'Simulated annealing (AIMA fig. 4.5, minimising h)',
  lines: [
    'current ← one piece in each column (the initial placement)',
    'for t = 1, 2, …:',
    '  T ← schedule(t)',
    '  if T < T_min: reheat (if reheats are left), else return current',
    '  next ← a random successor of current (a piece moved in its column, or two swapped)',
    '  Δ ← h(next) − h(current)',
    '  if Δ ≤ 0: current ← next',
    '  else: current ← next only with probability e^(−Δ/T)',
    '  if h(current) = 0: return current (a solution)',
  ],
  linesOf: (event, previous) => {
    if (event.type === 'place') return [0];
    if (event.type === 'solution') return [8];
    if (event.type !== 'local') return [];
    if (event.from === undefined) return [1];
    const reheated = previous?.type === 'local' && previous.temperature !== undefined && event.temperature !== undefined && event.temperature > previous.temperature;
    const also = reheated ? [3, 2, 4, 5] : [2, 4, 5];
    if (event.accepted === false) return [7, ...also];
    const uphill = previous?.type === 'local' && event.h > previous.h;
    return [uphill ? 7 : 6, ...also];
  },
};

const TABU: Listing = {
  title: 'Tabu search (Glover 1989)',
  lines: [
    'current ← one piece in each column; best ← current; the tabu list is empty',
    'while h(current) > 0:',
    '  look at each move of an attacked piece within its column, and the h it would give',
    '  a move back to a row its piece left in the last tenure steps is tabu,',
    '    unless it beats the best h so far (aspiration)',
    '  make the best move that is not tabu, even if it raises h',
    '  the row the piece left is tabu for it for the next tenure steps',
    '  if h(current) < h(best): best ← current',
    'h = 0: a solution',
  ],
  linesOf: (event) => {
    if (event.type === 'place') return [0];
    if (event.type === 'solution') return [8];
    if (event.type !== 'local') return [];
    if (event.from === undefined) return [1];
    if (event.h === 0) return [8, 5];
    return event.tabu ? [5, 4, 3, 6] : [5, 2, 6];
  },
};

const BEAM: Listing = {
  title: 'Local beam search (AIMA §4.1.3)',
  lines: [
    'states ← k random states (one piece in each column)',
    'loop:',
    '  if a state has h = 0: return it (a solution)',
    '  successors ← every move of one piece within its column, from each of the k states',
    '  states ← the k best successors',
    '    (stochastic beam: k drawn at random, each with weight e^(−h/T))',
  ],
  linesOf: (event) => {
    if (event.type === 'solution') return [2];
    if (event.type === 'place' || (event.type === 'local' && !event.states)) return [0];
    if (event.type !== 'local' || !event.states) return [];
    if (event.step === 0) return [0];
    return event.h === 0 ? [2, 4, 3] : [4, 3, 5];
  },
};

const GENETIC_QUEENS: Listing = {
  title: 'Genetic algorithm (AIMA fig. 4.8)',
  lines: [
    'population ← random digit strings (the row of each column\'s piece)',
    'repeat:',
    '  fitness of each = pairs of pieces not attacking each other',
    '  new population ← the elite (the fittest, kept as they are)',
    '  while the new population is not full:',
    '    x, y ← two parents selected by fitness (proportional, or tournament)',
    '    child ← crossover(x, y) (one point, or uniform)',
    '    each digit of child: with a small probability, a random row (mutation)',
    '    add child to the new population',
    '  population ← new population',
    'until an individual has fitness n(n − 1)/2 (a solution) or the budget runs out',
  ],
  linesOf: (event) => {
    if (event.type === 'solution') return [10];
    if (event.type !== 'population') return [];
    return event.generation === 0 ? [0, 2] : [9, 2, 3, 4, 5, 6, 7, 8];
  },
};

/** CSP backtracking (AIMA fig. 6.5) with its inference; with MAC, AC-3 (fig. 6.3) is listed below it. */
function cspListing(inference: string): Listing {
  const mac = inference === 'mac';
  const lines = [
    'backtrack(assignment):',
    '  if every column has a row: record a solution, return',
    '  var ← an unassigned column (static order; MRV: fewest values left; + degree)',
    '  for each value in var\'s domain (rows upward, or least constraining first):',
    '    if value conflicts with the assignment: skip it',
    '    add var = value to the assignment',
    `    inferences ← ${inference === 'none' ? 'none (no inference)' : mac ? 'MAC: AC-3 on the arcs (Xj, var), Xj unassigned' : 'forward checking: the values of unassigned Xj that var = value attacks'}`,
    '    if no domain is left empty (no wipe-out):',
    '      cross the inferred values out of their domains',
    '      backtrack(assignment)',
    '      put the crossed-out values back',
    '    remove var = value from the assignment',
    '  no value left: return failure (backjumping: to the deepest column in the conflict set)',
  ];
  if (mac) {
    lines.push(
      'AC-3(queue of arcs):',
      '  while the queue is not empty: (Xi, Xj) ← pop',
      '    if revise(Xi, Xj): remove the values of Xi no value of Xj allows',
      '      if Xi\'s domain is empty: return failure (a wipe-out)',
      '      add (Xk, Xi) to the queue for each other unassigned Xk',
    );
  }
  return {
    title: `CSP backtracking with ${inference === 'none' ? 'no inference' : mac ? 'MAC (AC-3)' : 'forward checking'} (AIMA fig. 6.5${mac ? ', 6.3' : ''})`,
    lines,
    linesOf: (event, previous) => {
      switch (event.type) {
        case 'assign':
          if (event.rejected?.length) return [5, 4, 3];
          return event.pruned.length > 0 ? (mac ? [5, 6, 8, 15] : [5, 6, 8]) : [5, 2, 3];
        case 'wipeout':
          return mac ? [16, 7, 6] : [7, 6];
        case 'unassign': {
          if (event.backjumpTo !== undefined) return [11, 12];
          if (previous?.type === 'wipeout' || previous?.type === 'solution') return [11];
          return [10, 11, 12];
        }
        case 'solution':
          return [1];
        default:
          return [];
      }
    },
  };
}

const ALGORITHM_X: Listing = {
  title: 'Algorithm X with dancing links (Knuth 2000)',
  lines: [
    'X(depth):',
    '  if no primary column is left (every rank and file covered): record a solution, return',
    '  c ← the primary column with the fewest options left (Knuth\'s S heuristic)',
    '  cover c: unlink it, and every option that meets it, from the other columns',
    '  for each option r of column c (a square on that line):',
    '    choose r: cover each other column r meets (its file, its diagonals)',
    '    X(depth + 1)',
    '    take r back: uncover those columns, in reverse order',
    '  uncover c, return (no option left: a dead end)',
  ],
  linesOf: (event, previous) => {
    switch (event.type) {
      case 'cover':
        return [5, 2, 3, 4];
      case 'uncover':
        // Taking back the option just chosen: the column branched on below it had no option left.
        return previous?.type === 'cover' && previous.row === event.row ? [7, 2, 8] : [7, 8];
      case 'solution':
        return [1];
      default:
        return [];
    }
  },
};

/** The listing for a strategy and problem, or undefined for strategies that record no steps. */
export function listingFor(strategy: string, problem: ProblemKind, options?: Readonly<Record<string, unknown>>): Listing | undefined {
  switch (strategy) {
    case 'simulated-annealing':
      return SIMULATED_ANNEALING;
    case 'tabu':
      return TABU;
    case 'beam':
      return BEAM;
    case 'genetic-queens':
      return GENETIC_QUEENS;
    case 'csp':
      return cspListing(typeof options?.inference === 'string' ? options.inference : 'forward-checking');
    case 'dlx':
      return ALGORITHM_X;
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
export const STEPPED_STRATEGIES = [
  'backtracking',
  'warnsdorff',
  'min-conflicts',
  'hill-climbing',
  'genetic',
  'cover-search',
  'simulated-annealing',
  'beam',
  'tabu',
  'genetic-queens',
  'csp',
  'dlx',
] as const;
