/**
 * Stable insertion sort of `moves[from..to)` by `before`. Candidate lists are a handful of moves, where this
 * beats a general sort and allocates nothing.
 */
export function insertionSort(moves: Int32Array, from: number, to: number, before: (a: number, b: number) => boolean): void {
  for (let i = from + 1; i < to; i++) {
    const move = moves[i]!;
    let j = i - 1;
    while (j >= from && before(move, moves[j]!)) {
      moves[j + 1] = moves[j]!;
      j--;
    }
    moves[j + 1] = move;
  }
}
