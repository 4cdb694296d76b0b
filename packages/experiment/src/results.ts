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
 * Fields that are timings, by name: they differ from run to run of the same seeded experiment, and every other
 * field is the same on any machine (the provenance's date; each run's time; rows' time medians, means and ERTs;
 * strategies' own times such as min-conflicts' placementMs; the clock's resolution).
 */
export function isTimingField(name: string): boolean {
  return name === 'date' || name === 'clock' || name.startsWith('time') || name.endsWith('Ms');
}

/**
 * The results file: provenance, the spec (so `bezzel experiment --spec results.json` runs it again), the rows and
 * every run with its seed. Infinity (a median not reached) is written as null, as JSON has no Infinity.
 */
export function toJson(result: ExperimentResult, provenance?: Provenance): string {
  const { spec, rows, runs, comparisons, quality, notes, stopped, clock } = result;
  const document = { ...provenance, spec, ...(stopped ? { stopped } : {}), ...(clock ? { clock } : {}), notes, rows, comparisons, ...(quality ? { quality } : {}), runs };
  return `${JSON.stringify(document, null, 2)}\n`;
}
