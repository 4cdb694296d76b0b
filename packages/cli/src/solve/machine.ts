import type { Machine } from '@bezzel/experiment';
import { availableParallelism, cpus, totalmem } from 'node:os';

/** The machine an experiment's times were measured on, for its results file. */
export function thisMachine(): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}
