/** A displacement: `dx` along the files (columns), `dy` along the ranks (rows). */
export interface Vector {
  /** Files to the right (negative: to the left). */
  readonly dx: number;
  /** Ranks up (negative: down). */
  readonly dy: number;
}

/** A ride repeats its vector until the edge, a removed or occupied square, or `range` steps. */
export interface Ride extends Vector {
  /** At most this many steps; absent means unlimited. */
  readonly range?: number;
}

/**
 * A piece's attack rule as data. Strategies read its shape: a bitboard needs lines, a tour needs leaps.
 * Vectors are listed explicitly, so one-way attacks (a pawn, a Betza `f` modifier) are expressible;
 * the helpers below close vectors under the board's eight symmetries, which is what most pieces want.
 */
export interface Movement {
  /** Vectors applied once, jumping over anything between (the knight's). */
  readonly leaps: readonly Vector[];
  /** Vectors repeated until something stops them (the rook's, the bishop's). */
  readonly rides: readonly Ride[];
}

/** All images of (a, b) under the eight symmetries of the square, without repeats. */
export function symmetricVectors(a: number, b: number): Vector[] {
  const seen = new Set<string>();
  const out: Vector[] = [];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    for (const sx of [1, -1]) {
      for (const sy of [1, -1]) {
        const v = { dx: sx * x!, dy: sy * y! };
        const key = `${v.dx},${v.dy}`;
        if (!seen.has(key) && (v.dx !== 0 || v.dy !== 0)) {
          seen.add(key);
          out.push(v);
        }
      }
    }
  }
  return out;
}

/** The (a, b) leaper: knight = leaper(1, 2), king's orthogonal step = leaper(0, 1). */
export function leaper(a: number, b: number): Movement {
  return { leaps: symmetricVectors(a, b), rides: [] };
}

/** The (a, b) rider: rook = rider(0, 1), bishop = rider(1, 1), nightrider = rider(1, 2). */
export function rider(a: number, b: number, range?: number): Movement {
  return {
    leaps: [],
    rides: symmetricVectors(a, b).map((v) => (range === undefined ? v : { ...v, range })),
  };
}

/** The union of several movements, duplicates dropped; a ride absorbs the leap of its first step. */
export function combine(...movements: Movement[]): Movement {
  const rides = new Map<string, Ride>();
  for (const m of movements) {
    for (const r of m.rides) {
      const key = `${r.dx},${r.dy}`;
      const prev = rides.get(key);
      const range = prev === undefined ? r.range : prev.range === undefined || r.range === undefined ? undefined : Math.max(prev.range, r.range);
      rides.set(key, range === undefined ? { dx: r.dx, dy: r.dy } : { dx: r.dx, dy: r.dy, range });
    }
  }
  const leaps = new Map<string, Vector>();
  for (const m of movements) {
    for (const l of m.leaps) {
      const key = `${l.dx},${l.dy}`;
      if (!rides.has(key)) leaps.set(key, { dx: l.dx, dy: l.dy });
    }
  }
  return { leaps: [...leaps.values()], rides: [...rides.values()] };
}

/** Only leaps: the shape a tour or a row-transfer count needs. */
export function isLeaper(m: Movement): boolean {
  return m.rides.length === 0 && m.leaps.length > 0;
}

/** Every vector of a movement, leaps and first steps of rides. */
export function allVectors(m: Movement): Vector[] {
  return [...m.leaps, ...m.rides];
}

/** True when the movement contains every vector of the other (as a ride covers a leap of the same vector). */
function hasVector(m: Movement, dx: number, dy: number, unlimitedRide: boolean): boolean {
  if (m.rides.some((r) => r.dx === dx && r.dy === dy && (!unlimitedRide || r.range === undefined))) return true;
  return !unlimitedRide && m.leaps.some((l) => l.dx === dx && l.dy === dy);
}

/** A piece that attacks its whole rank both ways: at most one per row, which allows row-by-row search. */
export function attacksWholeRank(m: Movement): boolean {
  return hasVector(m, 1, 0, true) && hasVector(m, -1, 0, true);
}

/** A piece that attacks its whole file both ways. */
export function attacksWholeFile(m: Movement): boolean {
  return hasVector(m, 0, 1, true) && hasVector(m, 0, -1, true);
}

/** The movement is unchanged by mirroring and rotating, so every board symmetry maps solutions to solutions. */
export function isFullySymmetric(m: Movement): boolean {
  const key = (v: Vector & { range?: number }) => `${v.dx},${v.dy},${v.range ?? ''}`;
  const leaps = new Set(m.leaps.map(key));
  const rides = new Set(m.rides.map(key));
  const images = (v: Vector & { range?: number }) =>
    symmetricVectors(v.dx, v.dy).map((w) => key(v.range === undefined ? w : { ...w, range: v.range }));
  return m.leaps.every((v) => images(v).every((k) => leaps.has(k))) && m.rides.every((v) => images(v).every((k) => rides.has(k)));
}

/** Vectors come in ± pairs: if a attacks b then b attacks a. */
export function isReversible(m: Movement): boolean {
  const key = (v: Vector) => `${v.dx},${v.dy}`;
  const leaps = new Set(m.leaps.map(key));
  const rides = new Set(m.rides.map((r) => `${r.dx},${r.dy},${r.range ?? ''}`));
  return (
    m.leaps.every((v) => leaps.has(key({ dx: -v.dx, dy: -v.dy }))) &&
    m.rides.every((r) => rides.has(`${-r.dx},${-r.dy},${r.range ?? ''}`))
  );
}

/** How far, in rows, a single attack reaches; Infinity for an unlimited vertical or diagonal ride. */
export function verticalReach(m: Movement): number {
  let reach = 0;
  for (const l of m.leaps) reach = Math.max(reach, Math.abs(l.dy));
  for (const r of m.rides) {
    if (r.dy === 0) continue;
    reach = Math.max(reach, r.range === undefined ? Infinity : Math.abs(r.dy) * r.range);
  }
  return reach;
}

/** Sum of the coordinates is odd for every vector: each move changes the square's colour. */
export function alwaysChangesColour(m: Movement): boolean {
  return allVectors(m).every((v) => ((v.dx + v.dy) & 1) === 1);
}

/** Sum of the coordinates is even for every vector: the piece never leaves its colour. */
export function isColourBound(m: Movement): boolean {
  return allVectors(m).every((v) => ((v.dx + v.dy) & 1) === 0);
}

/** The two sides of a symmetric leap, the shorter first: (1, 2) for the knight. */
export interface LeapSides {
  /** The shorter side. */
  a: number;
  /** The longer side. */
  b: number;
}

/** The one leap (a, b) with a ≤ b when the movement is exactly that symmetric leaper, else undefined. */
export function singleLeap(m: Movement): LeapSides | undefined {
  if (m.rides.length > 0 || m.leaps.length === 0) return undefined;
  const a = Math.min(Math.abs(m.leaps[0]!.dx), Math.abs(m.leaps[0]!.dy));
  const b = Math.max(Math.abs(m.leaps[0]!.dx), Math.abs(m.leaps[0]!.dy));
  const want = symmetricVectors(a, b);
  if (want.length !== m.leaps.length) return undefined;
  const have = new Set(m.leaps.map((v) => `${v.dx},${v.dy}`));
  return want.every((v) => have.has(`${v.dx},${v.dy}`)) ? { a, b } : undefined;
}

/** Names a vector's line for messages: rank, file, diagonal, or the vector itself. */
export function lineName(v: Vector): string {
  if (v.dy === 0) return 'rank';
  if (v.dx === 0) return 'file';
  if (Math.abs(v.dx) === Math.abs(v.dy)) return 'diagonal';
  return `(${Math.abs(v.dx)},${Math.abs(v.dy)}) line`;
}
