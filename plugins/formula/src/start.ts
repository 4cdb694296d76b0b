import { INITIAL_PLACEMENT, type InitialPlacement } from '@bezzel/columns';
import { explicitQueens } from './queens.js';

/**
 * The explicit n-queens list as a column search's start (`-o initial=formula`): nothing left to repair, for
 * comparison. Registered here, under the column model's part kind, so a local search reaches it by id.
 */
export const formulaPlacement: InitialPlacement = {
  kind: INITIAL_PLACEMENT,
  id: 'formula',
  description: 'the explicit n-queens construction (already a solution for queens, rooks and bishops when n ≥ 4)',
  place(board) {
    const rows = explicitQueens(board.n);
    for (let col = 0; col < board.n; col++) board.put(col, rows[col]!);
  },
};
