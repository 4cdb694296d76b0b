import type { ExperimentResult } from './experiment.js';

/** The machine the runs were timed on. */
export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
}

/** Who made the results, where and when: what a reader needs to judge the times. */
export interface Provenance {
  /** The bezzel version. */
  readonly bezzel: string;
  readonly machine: Machine;
  /** When the experiment started, ISO 8601. */
  readonly date: string;
}

/**
 * The results file: provenance, the spec (so `bezzel experiment --spec results.json` runs it again), the rows and
 * every run with its seed. Infinity (a median not reached) is written as null, as JSON has no Infinity.
 */
export function toJson(result: ExperimentResult, provenance?: Provenance): string {
  const { spec, rows, runs, comparisons, quality, notes, stopped } = result;
  const document = { ...provenance, spec, ...(stopped ? { stopped } : {}), notes, rows, comparisons, ...(quality ? { quality } : {}), runs };
  return `${JSON.stringify(document, null, 2)}\n`;
}
