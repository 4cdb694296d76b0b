/**
 * One n-queens solution without search, for every n ≥ 4 (Hoffman, Loessi and Moore 1969, in the list form
 * Bernhardsson gave in 1991): the even numbers, then the odd ones, with two adjustments that repair the only
 * residues mod 6 where the plain list puts two queens on a diagonal.
 *
 * Returns the row of the queen in each of the first `columns` columns (0-based; all n by default): the list is
 * written in column order, so a prefix costs only its own length. For n = 2 and 3 the list is still a permutation
 * but not a solution (none exists); callers that need a solution check n first.
 */
export function explicitQueens(n: number, columns = n): Int32Array {
  const rows = new Int32Array(Math.min(columns, n));
  let at = 0;
  // The list is written 1-based, as in the papers; `put` stores it 0-based, and ignores what is past the prefix.
  const put = (value: number) => {
    if (at < rows.length) rows[at++] = value - 1;
  };
  const full = () => at === rows.length;
  const residue = n % 6;
  if (residue === 3) {
    // Evens with 2 moved to the end, then odds with 1 and 3 moved to the end.
    for (let v = 4; v <= n && !full(); v += 2) put(v);
    if (n >= 2) put(2);
    for (let v = 5; v <= n && !full(); v += 2) put(v);
    put(1);
    if (n >= 3) put(3);
  } else if (residue === 2 && n >= 8) {
    // Evens, then odds with 1 and 3 swapped and 5 moved to the end.
    for (let v = 2; v <= n && !full(); v += 2) put(v);
    put(3);
    put(1);
    for (let v = 7; v <= n && !full(); v += 2) put(v);
    if (n >= 5) put(5);
  } else {
    for (let v = 2; v <= n && !full(); v += 2) put(v);
    for (let v = 1; v <= n && !full(); v += 2) put(v);
  }
  return rows;
}

/** Whether an n-queens solution exists: for every n except 2 and 3. */
export function queensSolvable(n: number): boolean {
  return n !== 2 && n !== 3;
}
