import { StrategyCrash, StrategyError, UsageError } from '@bezzel/core';
import { Command, CommanderError } from 'commander';
import { checkCommand } from './commands/check.js';
import { dominateCommand } from './commands/dominate.js';
import { experimentCommand } from './commands/experiment.js';
import { cancelCommand, resultCommand, statusCommand } from './commands/jobs.js';
import { listCommand } from './commands/list.js';
import { placeCommand, queensCommand } from './commands/place.js';
import { tourCommand } from './commands/tour.js';
import { workerCommand } from './commands/worker.js';
import { EXIT, type SetExit } from './exit.js';

/** Each command is one file; this list is the only place that knows them all. */
export const commands = [placeCommand, queensCommand, tourCommand, dominateCommand, checkCommand, listCommand, experimentCommand, workerCommand, statusCommand, resultCommand, cancelCommand];

export function buildProgram(setExit: SetExit = () => {}): Command {
  const program = new Command('bezzel')
    .description('Chess-board puzzles on any board with any piece: N queens, non-attacking pieces, tours.')
    .version('0.1.0');
  for (const command of [program, ...commands.map((make) => make(setExit))]) {
    // Every parse error becomes one line and exit code 2 (see main), never commander's own exit.
    command
      .showSuggestionAfterError(true)
      .exitOverride()
      // One line: commander's suggestion ("(Did you mean --goal?)") joins the message instead of a line below it.
      .configureOutput({ outputError: (text, write) => write(`bezzel: ${text.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')}\n`) });
    if (command !== program) program.addCommand(command);
  }
  return program;
}

/**
 * Runs the program and returns the exit code: 0 answered, 1 `check` found it invalid, 2 usage, 3 budget ran
 * out, 4 a sub-task failed, 5 a strategy's answer failed the check, 70 a bug, 130 stopped.
 */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    let code: number = EXIT.answered;
    await buildProgram((c) => (code = c)).parseAsync(argv as string[]);
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? EXIT.answered : EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`bezzel: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof StrategyError) {
      process.stderr.write(`bezzel: ${error.message}\n`);
      return EXIT.rejected;
    }
    const message = error instanceof Error ? error.message : String(error);
    const what = error instanceof StrategyCrash ? message : `internal error: ${message}`;
    if (process.env.BEZZEL_DEBUG) process.stderr.write(`bezzel: ${what}\n${((error as Error).cause as Error | undefined)?.stack ?? (error as Error).stack}\n`);
    else process.stderr.write(`bezzel: ${what} (a bug: BEZZEL_DEBUG=1 shows where; please report it)\n`);
    return EXIT.internal;
  }
}
