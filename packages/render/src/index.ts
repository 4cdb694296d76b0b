/**
 * Pure functions of a result: the text board, the array form, the tour grid, the headline and stats line, JSON
 * and SVG (both in chunks, so huge answers stream).
 *
 * @module @bezzel/render
 */
export * from './array-form.js';
export * from './json.js';
export * from './line-sums.js';
export * from './summary.js';
export * from './svg.js';
export * from './svg-pieces.js';
export * from './text-board.js';
export * from './tour-grid.js';
export * from './svg-domination.js';
export * from './svg-result.js';
