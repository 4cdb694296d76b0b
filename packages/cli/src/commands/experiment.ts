import { type OptionValue, UsageError } from '@bezzel/core';
import type { ExperimentSpec } from '@bezzel/experiment';
import { Command, InvalidArgumentError, Option } from 'commander';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT, type SetExit } from '../exit.js';
import { collect, duration, keyValue, wholeNumber } from '../options.js';
import { out } from '../output.js';
import { createCliBezzel, userCwd } from '../plugins.js';
import { resolvePieceId } from '../problem-args.js';
import { onInterrupt } from '../interrupt.js';

interface ExperimentOptions {
  readonly size: number[];
  readonly k?: number;
  readonly strategies: string[];
  readonly runs: number;
  readonly seed: number;
  readonly maxSteps?: number;
  readonly maxTime?: number;
  readonly option: Record<string, OptionValue>;
  readonly out?: string;
  readonly chart?: string;
  readonly format: 'text' | 'json';
  readonly plugin: string[];
  readonly closed?: boolean;
}

/** `bezzel experiment [tour] <piece>`: several strategies × R seeded runs, as a table, CSV/JSON and an SVG chart. */
export function experimentCommand(setExit: SetExit): Command {
  return new Command('experiment')
    .description('compare strategies over seeded runs: success rate, steps, time, restarts; a table, CSV/JSON and an SVG chart')
    .argument('<piece...>', 'a piece id, as `bezzel list` shows; `tour <piece>` compares tour strategies (open from a1)')
    .requiredOption('--strategies <ids>', 'strategies to compare, comma-separated', list)
    .option('-n, --size <sizes>', 'board side, or a comma-separated sweep such as 8,16,32,64 (default 8)', sizes, [8])
    .option('-k, --k <k>', 'number of pieces (default: the natural number)', wholeNumber('-k', 1))
    .option('--runs <r>', 'runs per strategy and size', wholeNumber('--runs', 1), 100)
    .option('--seed <n>', 'seed of the first run; run i uses seed + i', wholeNumber('--seed', 0), 1)
    .option('--max-steps <n>', 'step budget of each run', wholeNumber('--max-steps', 1))
    .option('--max-time <time>', 'time budget of each run, e.g. 15s (the default), 500ms', duration)
    .option('-o, --option <name=value>', 'a strategy option, given to the strategies that have it (repeatable)', keyValue, {})
    .option('--out <file>', 'write the results as .json (every run) or .csv (a line per strategy)')
    .option('--chart <file>', 'write an SVG chart: success rate and time per strategy, or time against n for a sweep')
    .addOption(new Option('--format <format>', 'table or JSON on stdout').choices(['text', 'json']).default('text'))
    .option('--plugin <module>', 'load a plugin: a package name or a .js/.mjs/.ts file (repeatable)', collect, [])
    .option('--closed', 'with tour: closed tours')
    .action(async (words: string[], options: ExperimentOptions) => {
      const tour = words.length === 2 && words[0] === 'tour';
      if (words.length !== 1 && !tour) throw new UsageError('ERR_PIECE', 'name one piece, or `tour` and a piece');
      const pieceArg = words[words.length - 1]!;
      const outFormat = options.out === undefined ? undefined : formatOf(options.out);
      const { bezzel } = await createCliBezzel(options.plugin);
      const { chartSvg, formatTable, runExperiment, toCsv, toJson } = await import('@bezzel/experiment');
      const spec: ExperimentSpec = {
        piece: resolvePieceId(bezzel, pieceArg),
        ...(tour ? { problem: 'tour' as const, closed: options.closed ?? false } : {}),
        sizes: options.size,
        ...(options.k !== undefined ? { k: options.k } : {}),
        strategies: options.strategies,
        runs: options.runs,
        seed: options.seed,
        budget: { maxSteps: options.maxSteps, maxTimeMs: options.maxTime },
        options: options.option,
      };
      const controller = new AbortController();
      const stopListening = onInterrupt(controller);
      const bar = process.stderr.isTTY && options.format === 'text';
      try {
        const result = await runExperiment(bezzel, spec, {
          signal: controller.signal,
          onRun: bar ? (done, total, run) => process.stderr.write(`\r${run.strategy} n=${run.n}: run ${done} of ${total} `) : undefined,
        });
        if (bar) process.stderr.write('\r\x1b[K');
        out(options.format === 'json' ? toJson(result).trimEnd() : formatTable(result));
        if (options.out) write(options.out, outFormat === 'csv' ? toCsv(result) : toJson(result));
        if (options.chart) write(options.chart, await chartSvg(result));
        setExit(EXIT.answered);
      } finally {
        stopListening();
      }
    });
}

function write(file: string, text: string): void {
  const path = resolve(userCwd(), file);
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError('ERR_OPTION', `cannot write ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  process.stderr.write(`wrote ${file}\n`);
}

function formatOf(file: string): 'json' | 'csv' {
  if (/\.json$/i.test(file)) return 'json';
  if (/\.csv$/i.test(file)) return 'csv';
  throw new UsageError('ERR_OPTION', `--out ${file}: name a .json or a .csv file`);
}

function list(text: string): string[] {
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw new InvalidArgumentError('name at least one strategy, e.g. min-conflicts,hill-climbing');
  return [...new Set(ids)];
}

function sizes(text: string): number[] {
  const side = wholeNumber('-n', 1);
  return [...new Set(text.split(',').map((s) => side(s.trim())))];
}
