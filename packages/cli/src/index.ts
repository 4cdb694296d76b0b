export { main, buildProgram, commands } from './program';
export { createCliBezzel, defaultPlugins, loadPlugin, resolvePlugin, type LoadedPlugin } from './plugins';
export { EXIT } from './exit';
