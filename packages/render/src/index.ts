export * from './array-form.js';
export * from './json.js';
export * from './summary.js';
export * from './svg.js';
export * from './svg-pieces.js';
export * from './text-board.js';
export * from './tour-grid.js';
export * from './svg-domination.js';
