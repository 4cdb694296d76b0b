/**
 * `node --import @bezzel/pool/register-typescript …`: the hooks bezzel reads plugins with, for a whole process —
 * how a folder `bezzel init plugin` wrote runs its TypeScript tests with Node's own test runner.
 */
import { registerPluginHooks } from './import-module.js';

registerPluginHooks();
