import { conflictTable, coverTable, type Instance } from '@bezzel/core';

type DominateInstance = Extract<Instance, { kind: 'dominate' }>;

/** An LP-format model and the square of each column, in the order HiGHS numbers them (first appearance). */
export interface LpModel {
  readonly text: string;
  readonly squares: Int32Array;
}

/**
 * The set-cover model of a domination problem: a binary x_c per usable square; every square needs a piece on a
 * square that covers it (Σ x_c ≥ 1); independent domination forbids both ends of every attack (x_a + x_b ≤ 1);
 * a given k fixes Σ x_c = k. Minimising Σ x_c gives the domination number.
 */
export function lpModel(instance: DominateInstance): LpModel {
  const { board, piece, variant } = instance;
  const cover = coverTable(board, piece, variant === 'total');
  const squares: number[] = [];
  for (let c = 0; c < board.size; c++) if (!board.isRemoved(c)) squares.push(c);
  const x = (c: number) => `x${c}`;
  const lines = ['Minimize', ` obj: ${instance.k === undefined ? squares.map(x).join(' + ') : `0 ${x(squares[0] ?? 0)}`}`, 'Subject To'];
  // Coverers of each square, from the table of what each square covers.
  const coverers: number[][] = Array.from({ length: board.size }, () => []);
  for (const c of squares) for (let i = cover.offsets[c]!; i < cover.offsets[c + 1]!; i++) coverers[cover.targets[i]!]!.push(c);
  for (const s of squares) lines.push(` s${s}: ${coverers[s]!.length > 0 ? coverers[s]!.map(x).join(' + ') : `0 ${x(s)}`} >= 1`);
  if (variant === 'independent') {
    const graph = conflictTable(board, piece);
    for (const a of squares) {
      for (let i = graph.offsets[a]!; i < graph.offsets[a + 1]!; i++) {
        const b = graph.targets[i]!;
        if (a < b) lines.push(` i${a}_${b}: ${x(a)} + ${x(b)} <= 1`);
      }
    }
  }
  if (instance.k !== undefined) lines.push(` k: ${squares.map(x).join(' + ')} = ${instance.k}`);
  lines.push('Binary', ...squares.map((c) => ` ${x(c)}`), 'End', '');
  return { text: lines.join('\n'), squares: Int32Array.from(squares) };
}
