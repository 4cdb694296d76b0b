import { Board, type Piece, UsageError } from '@bezzel/core';
import { CountClient, parseQueueAddress, QueueCountError, type CountStatus, type QueueAddress } from '@bezzel/queue';
import { groupDigits, stringify } from '@bezzel/render';
import { EXIT } from './exit.js';
import { exitCode, out, printResult } from './output.js';
import { createCliBezzel } from './plugins.js';
import { awaitCount } from './queue-runner.js';

/** What `bezzel status`, `result` and `cancel` do; their commands (commands/jobs.ts) load this when one runs. */

export interface JobOptions {
  readonly queue?: string;
  readonly format: 'text' | 'json';
  readonly plugin: string[];
  readonly quiet?: boolean;
  readonly ascii?: boolean;
}

/** The queue a command names with --queue or BEZZEL_QUEUE; saying so when neither does is the user's business. */
export function addressOf(options: { readonly queue?: string }): QueueAddress {
  if (!options.queue) throw new UsageError('ERR_QUEUE', 'which queue? give --queue redis://host:port/db or set BEZZEL_QUEUE');
  return parseQueueAddress(options.queue);
}

/** `bezzel status JOB`: where a count on the queue stands, without waiting. */
export async function showStatus(id: string, options: JobOptions): Promise<number> {
  const client = await CountClient.open(addressOf(options));
  try {
    const status = await client.status(id);
    out(options.format === 'json' ? stringify(status) : describeStatus(status));
    return EXIT.answered;
  } finally {
    await client.close();
  }
}

/** `bezzel cancel JOB`: removes a count and its sub-tasks from the queue. */
export async function cancelCount(id: string, options: JobOptions): Promise<number> {
  const client = await CountClient.open(addressOf(options));
  try {
    await client.cancel(id);
    out(options.format === 'json' ? stringify({ job: id, cancelled: true }) : `Cancelled count ${id}: it and its sub-tasks are gone from the queue`);
    return EXIT.answered;
  } finally {
    await client.close();
  }
}

/** `bezzel result JOB`: waits for a count on the queue (a progress bar meanwhile) and prints it like `place`. */
export async function printCount(id: string, options: JobOptions): Promise<number> {
  const { bezzel } = await createCliBezzel(options.plugin);
  let result;
  try {
    result = await awaitCount(addressOf(options), id, options.format);
  } catch (error) {
    if (!(error instanceof QueueCountError)) throw error;
    process.stderr.write(`bezzel: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
  const instance = bezzel.instantiate(result.task);
  // A count of a piece from a plugin this machine lacks still prints: the piece goes by its id.
  const board = instance.ok ? instance.value.board : new Board(result.task.problem.board);
  const piece: Piece = instance.ok ? instance.value.piece : { id: result.task.problem.piece, name: result.task.problem.piece, symbols: { unicode: '?', ascii: '?' }, movement: { leaps: [], rides: [] } };
  const k = instance.ok && instance.value.kind === 'placement' ? instance.value.k : undefined;
  await printResult(board, piece, result, { ...options, plugin: options.plugin, strategy: 'auto', option: {} }, k);
  return exitCode(result);
}

function describeStatus(s: CountStatus): string {
  const { problem } = s.task;
  const seconds = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : ms < 3_600_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 3_600_000).toFixed(1)} h`);
  const lines = [
    `count ${s.id}: ${s.state}`,
    `${problem.piece} on ${problem.board.width}×${problem.board.height}, ${problem.kind}, goal ${s.task.goal}, strategy ${s.strategy}`,
    `sub-tasks: ${s.done} of ${s.total} done, ${s.active} in flight, ${s.retrying} retrying, ${s.failed} failed; ${s.workers} worker(s) connected`,
    `${s.state === 'complete' ? 'count' : 'so far'}: ${groupDigits(s.count)}${s.fundamental !== undefined ? `, ${groupDigits(s.fundamental)} fundamental` : ''}`,
    `elapsed ${seconds(s.elapsedMs)} · ${s.rate.toFixed(1)} sub-tasks/s${s.etaMs !== undefined ? ` · ETA ${seconds(s.etaMs)}` : ''}`,
  ];
  if (s.failure) lines.push(`failed: ${s.failure}`);
  return lines.join('\n');
}
