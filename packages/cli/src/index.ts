export { main, buildProgram, commands, commandsByName } from './program.js';
export { createCliBezzel, defaultPlugins, loadPlugin, resolvePlugin, writeBundledPluginIndex, type LoadedPlugin } from './plugins/load-plugins.js';
export { EXIT } from './exit.js';
