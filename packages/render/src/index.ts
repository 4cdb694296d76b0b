export * from './array-form';
export * from './json';
export * from './summary';
export * from './svg';
export * from './svg-pieces';
export * from './text-board';
export * from './tour-grid';
