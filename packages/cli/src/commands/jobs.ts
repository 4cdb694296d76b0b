import { Board, type Piece, UsageError } from '@bezzel/core';
import { CountClient, parseQueueAddress, QueueCountError, type CountStatus, type QueueAddress } from '@bezzel/queue';
import { stringify } from '@bezzel/render';
import { Command, Option } from 'commander';
import { EXIT, type SetExit } from '../exit';
import { collect } from '../options';
import { exitCode, out, printResult } from '../output';
import { createCliBezzel } from '../plugins';
import { awaitCount } from '../queue-runner';

interface JobOptions {
  readonly queue?: string;
  readonly format: 'text' | 'json';
  readonly plugin: string[];
  readonly quiet?: boolean;
  readonly ascii?: boolean;
}

export const queueOption = () =>
  new Option('--queue <url>', 'the queue: a Redis address such as redis://127.0.0.1:6379/0').env('BEZZEL_QUEUE');

function jobCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .argument('<job>', 'the job id a count printed when it was submitted')
    .addOption(queueOption())
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--plugin <module>', 'a plugin the count used, to name its piece (repeatable)', collect, [])
    .option('-q, --quiet', 'print only the answer line')
    .option('--ascii', 'letters instead of chess glyphs');
}

/** The queue a command names with --queue or BEZZEL_QUEUE; saying so when neither does is the user's business. */
export function addressOf(options: { readonly queue?: string }): QueueAddress {
  if (!options.queue) throw new UsageError('ERR_QUEUE', 'which queue? give --queue redis://host:port/db or set BEZZEL_QUEUE');
  return parseQueueAddress(options.queue);
}

/** `bezzel status JOB`: where a count on the queue stands, without waiting. */
export function statusCommand(setExit: SetExit): Command {
  return jobCommand('status', 'where a count on a queue stands: sub-tasks done, in flight, failed; rate and ETA').action(async (id: string, options: JobOptions) => {
    const client = await CountClient.open(addressOf(options));
    try {
      const status = await client.status(id);
      out(options.format === 'json' ? stringify(status) : describeStatus(status));
      setExit(EXIT.answered);
    } finally {
      await client.close();
    }
  });
}

/** `bezzel cancel JOB`: removes a count and its sub-tasks from the queue. */
export function cancelCommand(setExit: SetExit): Command {
  return jobCommand('cancel', 'remove a count and its sub-tasks from a queue (sub-tasks in flight finish first)').action(async (id: string, options: JobOptions) => {
    const client = await CountClient.open(addressOf(options));
    try {
      await client.cancel(id);
      out(options.format === 'json' ? stringify({ job: id, cancelled: true }) : `Cancelled count ${id}: it and its sub-tasks are gone from the queue`);
      setExit(EXIT.answered);
    } finally {
      await client.close();
    }
  });
}

/** `bezzel result JOB`: waits for a count on the queue (a progress bar meanwhile) and prints it like `place`. */
export function resultCommand(setExit: SetExit): Command {
  return jobCommand('result', 'wait for a count on a queue and print it (Ctrl-C stops waiting, not the count)').action(async (id: string, options: JobOptions) => {
    const { bezzel } = await createCliBezzel(options.plugin);
    let result;
    try {
      result = await awaitCount(addressOf(options), id, options.format);
    } catch (error) {
      if (!(error instanceof QueueCountError)) throw error;
      process.stderr.write(`bezzel: ${(error as Error).message}\n`);
      return setExit(EXIT.failed);
    }
    const instance = bezzel.instantiate(result.task);
    // A count of a piece from a plugin this machine lacks still prints: the piece goes by its id.
    const board = instance.ok ? instance.value.board : new Board(result.task.problem.board);
    const piece: Piece = instance.ok ? instance.value.piece : { id: result.task.problem.piece, name: result.task.problem.piece, symbols: { unicode: '?', ascii: '?' }, movement: { leaps: [], rides: [] } };
    const k = instance.ok && instance.value.kind === 'placement' ? instance.value.k : undefined;
    printResult(board, piece, result, { ...options, plugin: options.plugin, strategy: 'auto', option: {} }, k);
    setExit(exitCode(result));
  });
}

function describeStatus(s: CountStatus): string {
  const { problem } = s.task;
  const seconds = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : ms < 3_600_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 3_600_000).toFixed(1)} h`);
  const lines = [
    `count ${s.id}: ${s.state}`,
    `${problem.piece} on ${problem.board.width}×${problem.board.height}, ${problem.kind}, goal ${s.task.goal}, strategy ${s.strategy}`,
    `sub-tasks: ${s.done} of ${s.total} done, ${s.active} in flight, ${s.retrying} retrying, ${s.failed} failed; ${s.workers} worker(s) connected`,
    `${s.state === 'complete' ? 'count' : 'so far'}: ${s.count.toLocaleString('en-US')}${s.fundamental !== undefined ? `, ${s.fundamental.toLocaleString('en-US')} fundamental` : ''}`,
    `elapsed ${seconds(s.elapsedMs)} · ${s.rate.toFixed(1)} sub-tasks/s${s.etaMs !== undefined ? ` · ETA ${seconds(s.etaMs)}` : ''}`,
  ];
  if (s.failure) lines.push(`failed: ${s.failure}`);
  return lines.join('\n');
}
