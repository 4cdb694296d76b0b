/**
 * The row-mask model of a placement on a board at most 32 files wide: a piece's conflicts as operations on one
 * 32-bit integer a row ({@link rowRules}) — the classic propagated masks for whole-line rides, shifts of earlier
 * rows' masks for leaps. The bitboard counter and the constellations join both search on it.
 *
 * @module @bezzel/row-masks
 */
export { leapAttacks, MAX_REACH, MAX_WIDTH, rowRules, type RowRules, type RulesOrReason } from './row-rules.js';
