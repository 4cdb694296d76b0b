import { has, type CoverModel } from './model.js';

/**
 * The LP relaxation of a covering problem, solved from the dual side: maximise Σ y_s subject to, for every
 * usable square c, Σ over the squares c covers of y_s ≤ 1, with y ≥ 0. Any feasible y proves that at least
 * Σ y_s pieces are needed (weak duality); the search starts its Lagrangian weights from it.
 *
 * A dense tableau simplex: the start (all slacks basic) is feasible, so there is no first phase; Dantzig's rule,
 * falling back to Bland's after a run of degenerate pivots so it cannot cycle. A row may list a column more than
 * once (its coefficient), and columns may weigh more than 1 in the objective: that is how the board's symmetry
 * shrinks the LP (see `rootPacking`).
 */
export function packingDual(rows: readonly ArrayLike<number>[], columns: number, maxPivots = 20_000, stop?: () => boolean, columnWeights?: ArrayLike<number>): { y: Float64Array; value: number } {
  const m = rows.length;
  const cols = columns + m;
  const stride = cols + 1;
  const t = new Float64Array((m + 1) * stride);
  for (let r = 0; r < m; r++) {
    for (let i = 0; i < rows[r]!.length; i++) t[r * stride + rows[r]![i]!] += 1;
    t[r * stride + columns + r] = 1;
    t[r * stride + cols] = 1;
  }
  const objective = m * stride;
  for (let s = 0; s < columns; s++) t[objective + s] = columnWeights ? columnWeights[s]! : 1;
  const basis = new Int32Array(m);
  for (let r = 0; r < m; r++) basis[r] = columns + r;
  const eps = 1e-9;
  let degenerate = 0;
  for (let pivot = 0; pivot < maxPivots; pivot++) {
    // Every basis the simplex visits is a feasible packing, so stopping early still leaves a true (weaker) bound.
    if ((pivot & 15) === 15 && stop?.()) break;
    const bland = degenerate > 50;
    let enter = -1;
    let best = eps;
    for (let j = 0; j < cols; j++) {
      const v = t[objective + j]!;
      if (v > best) {
        enter = j;
        if (bland) break;
        best = v;
      }
    }
    if (enter < 0) break;
    let leave = -1;
    let ratio = Infinity;
    for (let r = 0; r < m; r++) {
      const a = t[r * stride + enter]!;
      if (a <= eps) continue;
      const q = t[r * stride + cols]! / a;
      if (q < ratio - 1e-12 || (q < ratio + 1e-12 && basis[r]! < basis[leave]!)) {
        ratio = q;
        leave = r;
      }
    }
    if (leave < 0) break;
    degenerate = ratio < 1e-12 ? degenerate + 1 : 0;
    const row = leave * stride;
    const pv = t[row + enter]!;
    for (let j = 0; j <= cols; j++) t[row + j]! /= pv;
    for (let r = 0; r <= m; r++) {
      if (r === leave) continue;
      const f = t[r * stride + enter]!;
      if (f === 0) continue;
      const o = r * stride;
      for (let j = 0; j <= cols; j++) t[o + j]! -= f * t[row + j]!;
    }
    basis[leave] = enter;
  }
  const y = new Float64Array(columns);
  for (let r = 0; r < m; r++) if (basis[r]! < columns) y[basis[r]!] = Math.max(0, t[r * stride + cols]!);
  // Rounding may leave a constraint a hair above 1: scaling y down keeps every bound it gives a true one.
  let worst = 1;
  for (const row of rows) {
    let sum = 0;
    for (let i = 0; i < row.length; i++) sum += y[row[i]!]!;
    worst = Math.max(worst, sum);
  }
  let value = 0;
  for (let s = 0; s < columns; s++) value += (y[s]! /= worst) * (columnWeights ? columnWeights[s]! : 1);
  return { y, value };
}

/**
 * The covering LP of a board, solved over the orbits of its symmetries: some optimal packing gives every square
 * of an orbit the same weight (average an optimum over the group), so one column per orbit of squares to cover
 * (weighing the orbit's size) and one row per orbit of pieces (its images say the same) give the same optimum
 * from a problem the group's order smaller each way. Knights 14×14: 28 rows instead of 196, milliseconds instead
 * of a third of a second. Returns the weight of every square (0 for squares not to cover) and the LP's value, or
 * undefined past `maxRows` rows (a pivot of the dense tableau costs 2·rows² operations). The simplex stops after
 * 10 pivots a row, with a weaker bound that is still true: kings on big boards are so degenerate that it would
 * crawl for seconds, and their greedy packing is exact anyway.
 */
export function rootPacking(model: CoverModel, symmetries: readonly Int32Array[], maxRows: number, stop?: () => boolean): { y: Float64Array; value: number } | undefined {
  const { size, needed, usable, coverOffsets, coverTargets } = model;
  // The least square of each orbit stands for it.
  const first = new Int32Array(size);
  for (let s = 0; s < size; s++) {
    let least = s;
    for (const perm of symmetries) least = Math.min(least, perm[s]!);
    first[s] = least;
  }
  const column = new Int32Array(size).fill(-1);
  const orbitSize: number[] = [];
  for (let s = 0; s < size; s++) {
    if (!has(needed, s)) continue;
    if (column[first[s]!] === -1) {
      column[first[s]!] = orbitSize.length;
      orbitSize.push(0);
    }
    column[s] = column[first[s]!]!;
    orbitSize[column[s]!]!++;
  }
  const rows: Int32Array[] = [];
  for (let c = 0; c < size; c++) {
    if (first[c] !== c || !has(usable, c)) continue;
    const row: number[] = [];
    for (let i = coverOffsets[c]!; i < coverOffsets[c + 1]!; i++) if (column[coverTargets[i]!]! >= 0) row.push(column[coverTargets[i]!]!);
    rows.push(Int32Array.from(row));
  }
  if (rows.length > maxRows || rows.length === 0) return undefined;
  const orbit = packingDual(rows, orbitSize.length, 10 * rows.length, stop, orbitSize);
  const y = new Float64Array(size);
  for (let s = 0; s < size; s++) if (column[s]! >= 0) y[s] = orbit.y[column[s]!]!;
  return { y, value: orbit.value };
}
