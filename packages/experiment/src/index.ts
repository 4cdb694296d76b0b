export { chartSpec, chartSvg, renderSvg } from './chart.js';
export {
  experimentTasks,
  runExperiment,
  type ExperimentHooks,
  type ExperimentResult,
  type ExperimentSpec,
  type RunRecord,
  type StrategyRow,
} from './experiment.js';
export { formatTable, toCsv, toJson } from './formats.js';
export { summarize, type Summary } from './summary.js';
