// Worker threads start here: plain JavaScript that registers tsx's loader in this thread, so the worker
// and the plugins it loads can be TypeScript source, exactly as the main thread runs them.
import { register } from 'tsx/esm/api';

register();
const { default: runSubTask } = await import('./worker.ts');
export default runSubTask;
