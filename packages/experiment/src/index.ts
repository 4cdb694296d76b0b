export { chartSpec, chartSvg, renderSvg } from './chart';
export {
  experimentTasks,
  runExperiment,
  type ExperimentHooks,
  type ExperimentResult,
  type ExperimentSpec,
  type RunRecord,
  type StrategyRow,
} from './experiment';
export { formatTable, toCsv, toJson } from './formats';
export { summarize, type Summary } from './summary';
