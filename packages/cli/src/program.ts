import { type Bezzel, inert, isWriteFailure, type ProblemKind, StrategyCrash, StrategyError, UsageError } from '@bezzel/core';
import packageJson from '../package.json' with { type: 'json' };
import { Command, CommanderError } from 'commander';
import { checkCommand } from './commands/check.js';
import { docsCommand } from './commands/docs.js';
import { dominateCommand } from './commands/dominate.js';
import { experimentCommand } from './commands/experiment.js';
import { gradeCommand } from './commands/grade.js';
import { dashboardCommand } from './commands/dashboard.js';
import { initCommand } from './commands/init.js';
import { cancelCommand, jobsCommand, resultCommand, statusCommand } from './commands/jobs.js';
import { listCommand } from './commands/list.js';
import { placeCommand, queensCommand } from './commands/place.js';
import { tourCommand } from './commands/tour.js';
import { workerCommand } from './commands/worker.js';
import { EXIT, type SetExit } from './exit.js';
import { strategiesHelp } from './options/option-help.js';
import { createCliBezzel } from './plugins/load-plugins.js';
import { checkOutputRequest } from './output/output-request.js';
import { checkQueueRequest } from './queue/request.js';
import { markCommandStart } from './options/common-options.js';
import { refuseRepeatedOptions } from './options/repeated-options.js';
import { isStreamWriteFailure, reportStdoutFailure } from './output/output-failure.js';
import { setQuietNotes } from './output/notes.js';

/** The version `bezzel --version` prints: the package's own. */
const { version } = packageJson;

/**
 * Each command is one file; this record is the only place that knows them all, each under the name it answers to
 * (a test holds the two equal), so that a run builds just the command it names.
 */
export const commandsByName = {
  place: placeCommand, queens: queensCommand, tour: tourCommand, dominate: dominateCommand, check: checkCommand, list: listCommand,
  experiment: experimentCommand, worker: workerCommand, status: statusCommand, result: resultCommand, cancel: cancelCommand,
  jobs: jobsCommand, dashboard: dashboardCommand, init: initCommand, grade: gradeCommand, docs: docsCommand,
} as const;
export const commands = Object.values(commandsByName);

/** The problem each solving command poses, for the strategies its `--help` lists. */
const PROBLEM_OF: Readonly<Record<string, ProblemKind>> = { place: 'placement', queens: 'placement', tour: 'tour', dominate: 'dominate' };

/**
 * The program with every command, or with only `only` (the command a run names: building all sixteen, with their
 * options, is 3 ms of every command's start; the top-level help and a misspelt command still get them all).
 */
export function buildProgram(setExit: SetExit = () => {}, registry?: Bezzel, only?: string): Command {
  const program = new Command('bezzel')
    .description('Chess-board puzzles on any board with any piece: N queens, non-attacking pieces, tours.')
    .version(version)
    .hook('preAction', (_program, action) => {
      setQuietNotes(action.opts().quiet === true);
      checkQueueRequest(action);
      checkOutputRequest(action);
    });
  const named = only !== undefined && Object.hasOwn(commandsByName, only) ? [commandsByName[only as keyof typeof commandsByName]] : commands;
  for (const command of [program, ...named.map((make) => make(setExit))]) {
    const kind = PROBLEM_OF[command.name()];
    if (registry && kind) command.addHelpText('after', strategiesHelp(registry, kind));
    oneLineErrors(command);
    if (command !== program) program.addCommand(command);
  }
  return program;
}

/** Every parse error becomes one line and exit code 2 (see main), never commander's own exit; sub-commands (`init plugin`) too. */
function oneLineErrors(command: Command): void {
  command
    .showSuggestionAfterError(true)
    .exitOverride()
    // One line: commander's suggestion ("(Did you mean --goal?)") joins the message instead of a line below it.
    .configureOutput({ outputError: (text, write) => write(`bezzel: ${inert(text.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' '))}\n`) });
  refuseRepeatedOptions(command);
  for (const sub of command.commands) oneLineErrors(sub);
}

/**
 * Runs the program and returns the exit code: 0 answered, 1 `check` found it invalid, 2 usage, 3 budget ran
 * out, 4 a sub-task failed, 5 a strategy's answer failed the check, 69 the queue cannot be reached, 70 a bug,
 * 130 stopped. A time budget runs from `startedAt` (on `performance.now()`'s clock; the command line passes 0, the
 * process's start).
 */
export async function main(argv: readonly string[], startedAt = performance.now()): Promise<number> {
  markCommandStart(startedAt);
  try {
    let code: number = EXIT.answered;
    await buildProgram((c) => (code = c), await registryForHelp(argv), argv[2]).parseAsync(argv as string[]);
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? EXIT.answered : EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`bezzel: ${inert(error.message, { multiline: true })}\n`);
      return EXIT.usage;
    }
    // By name: the queue's package (BullMQ, ioredis) loads only for the commands that use a queue.
    if (error instanceof Error && error.name === 'QueueUnreachable') {
      process.stderr.write(`bezzel: ${inert(error.message, { multiline: true })}\n`);
      return EXIT.unavailable;
    }
    if (isWriteFailure(error)) {
      process.stderr.write(`bezzel: ${inert(error.message)}\n`);
      return EXIT.output;
    }
    if (isStreamWriteFailure(error)) {
      reportStdoutFailure(error);
      return EXIT.output;
    }
    if (error instanceof StrategyError) {
      process.stderr.write(`bezzel: ${inert(error.message, { multiline: true })}\n`);
      return EXIT.rejected;
    }
    const message = error instanceof Error ? error.message : String(error);
    const what = error instanceof StrategyCrash ? message : `internal error: ${message}`;
    if (process.env.BEZZEL_DEBUG) process.stderr.write(`bezzel: ${what}\n${((error as Error).cause as Error | undefined)?.stack ?? (error as Error).stack}\n`);
    // A strategy's crash is most often in a user's own plugin: where it happened is the help, not a report.
    else process.stderr.write(`bezzel: ${inert(what)} (${error instanceof StrategyCrash ? 'a bug in the strategy' : 'a bug in bezzel: please report it'}; BEZZEL_DEBUG=1 shows where)\n`);
    return EXIT.internal;
  }
}

/**
 * For `bezzel place --help` (and tour, queens, dominate): the strategies and their options, read from their
 * declarations, which means loading the plugins (with the user's `--plugin`s). Other runs do not pay for it here.
 */
async function registryForHelp(argv: readonly string[]): Promise<Bezzel | undefined> {
  const words = argv.slice(2);
  if (!PROBLEM_OF[words[0] ?? ''] || !words.some((w) => w === '--help' || w === '-h')) return undefined;
  const plugins = words.flatMap((w, i) => (w === '--plugin' && words[i + 1] ? [words[i + 1]!] : w.startsWith('--plugin=') ? [w.slice(9)] : []));
  try {
    return (await createCliBezzel(plugins)).bezzel;
  } catch {
    // Help without the strategies is still help; the plugin's problem shows when it is used.
    return undefined;
  }
}
