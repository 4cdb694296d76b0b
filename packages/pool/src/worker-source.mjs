// Worker threads start here when the pool runs from its TypeScript sources (the tests): register tsx's loader
// in this thread, so the worker and the plugins it loads can be TypeScript too. Compiled, threads start from
// dist/worker.js and no compiler is loaded.
import { register } from 'tsx/esm/api';

register();
const { default: runSubTask } = await import('./worker.ts');
export default runSubTask;
