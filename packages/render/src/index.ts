export * from './array-form';
export * from './json';
export * from './summary';
export * from './text-board';
export * from './tour-grid';
