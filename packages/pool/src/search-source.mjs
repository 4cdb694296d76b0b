// A search thread starts here when the pool runs from its TypeScript sources (the tests): register tsx in
// this thread first. Compiled, search threads start from dist/search-worker.js and no compiler is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./search-worker.ts');
