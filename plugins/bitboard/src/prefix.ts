import { fail, ok, type Parsed } from '@bezzel/core';

/**
 * Pre-placed first rows as text, the `prefix` option of a sub-task: rows from rank 1 up separated by `/`,
 * each the columns of its pieces joined by `.`, `-` for an empty row: `3/0.5/-` is column 3 of row 1, columns
 * 0 and 5 of row 2, nothing on row 3. Text keeps a sub-task plain JSON and readable in a checkpoint file.
 */
export function formatPrefix(rows: readonly number[]): string {
  return rows
    .map((mask) => {
      const cols: number[] = [];
      for (let c = 0; c < 32; c++) if ((mask >>> c) & 1) cols.push(c);
      return cols.length === 0 ? '-' : cols.join('.');
    })
    .join('/');
}

/** Reads a prefix back into row masks. */
export function parsePrefix(text: string, width: number): Parsed<number[]> {
  if (text.trim() === '') return ok([]);
  const rows: number[] = [];
  for (const part of text.split('/')) {
    let mask = 0;
    if (part !== '-') {
      for (const c of part.split('.')) {
        const col = Number(c);
        if (!/^\d+$/.test(c) || col >= width) return fail('ERR_OPTION', `prefix "${text}": "${c}" is not a column of a ${width}-wide board`);
        mask |= 1 << col;
      }
    }
    rows.push(mask);
  }
  return ok(rows);
}

/** Left-right mirror of a row mask on a board `width` wide. */
export function mirrorRow(mask: number, width: number): number {
  let out = 0;
  for (let c = 0; c < width; c++) if ((mask >>> c) & 1) out |= 1 << (width - 1 - c);
  return out;
}

/**
 * The weight a mirror-halved count gives the placements under these first rows: 2 when the first row that is
 * not its own mirror image is the smaller of the pair, 0 when it is the larger (its mirror is counted twice
 * instead), 1 while every row so far is symmetric.
 */
export function mirrorWeight(rows: readonly number[], width: number): number {
  for (const mask of rows) {
    const mirrored = mirrorRow(mask, width);
    if (mirrored !== mask) return (mask >>> 0) < (mirrored >>> 0) ? 2 : 0;
  }
  return 1;
}
