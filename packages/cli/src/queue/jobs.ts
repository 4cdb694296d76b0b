import { Board, inert, type Piece } from '@bezzel/core';
import { CountClient, describeCapability, noCount, QueueCountCancelled, QueueCountError, QueueUnreachable, type CountStatus, type CountSummary, type QueueAddress } from '@bezzel/queue';
import { groupDigits, stringify } from '@bezzel/render';
import { EXIT } from '../exit.js';
import { exitCode, out, printResult } from '../output/output.js';
import { createCliBezzel } from '../plugins/load-plugins.js';
import { queueAddressOf, queueKeyOf } from './address.js';
import type { QueueOptions } from './queue-options.js';
import { awaitCount } from './runner.js';

/** What `bezzel status`, `result`, `cancel` and `jobs` do; their commands (commands/jobs.ts) load this when one runs. */

export interface JobOptions extends QueueOptions {
  readonly format: 'text' | 'json';
  readonly plugin: string[];
  readonly quiet?: boolean;
  readonly ascii?: boolean;
}

/**
 * The exit code of `result` (and of a waiting `place --queue`) when the count was cancelled: no count was given,
 * and not because anything failed.
 */
export const EXIT_CANCELLED = EXIT.cancelled;

/** How long `status` waits for an answer from a queue that was there a moment ago before it gives up (exit 69). */
const STATUS_PATIENCE_MS = 5000;

/** `bezzel status JOB`: where a count on the queue stands, without waiting. */
export async function showStatus(id: string, options: JobOptions): Promise<number> {
  const address = queueAddressOf(options);
  const key = queueKeyOf(options);
  const client = await CountClient.open(address, key ? { key } : {});
  try {
    const status = await answerWithin(client.status(id), address);
    if (status.state === 'missing') throw noCount(id, address);
    out(options.format === 'json' ? stringify(status) : options.quiet ? statusLine(status) : describeStatus(status));
    return EXIT.answered;
  } finally {
    await client.close();
  }
}

/**
 * `bezzel cancel JOB`: cancels a running count (its workers stop its sub-tasks in flight within a second; its
 * sub-tasks and results are removed); a finished count is removed.
 */
export async function cancelCount(id: string, options: JobOptions): Promise<number> {
  const client = await CountClient.open(queueAddressOf(options));
  try {
    await client.cancel(id);
    out(options.format === 'json' ? stringify({ job: id, cancelled: true }) : `Cancelled count ${id}: its workers stop its sub-tasks in flight, and its sub-tasks and results are gone from the queue`);
    return EXIT.answered;
  } finally {
    await client.close();
  }
}

/** `bezzel jobs`: every count on the queue, newest first: id, task, state, progress, age. */
export async function listJobs(options: JobOptions): Promise<number> {
  const address = queueAddressOf(options);
  const key = queueKeyOf(options);
  // With the key the counts were signed with: without it every signed count would read as forged (failed).
  const client = await CountClient.open(address, key ? { key } : {});
  try {
    const counts = await answerWithin(client.list(), address);
    if (options.format === 'json') out(stringify(counts));
    else out(counts.length === 0 ? `no counts on the queue at ${address.display}` : describeList(counts));
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
    result = await awaitCount(queueAddressOf(options), id, options.format, undefined, queueKeyOf(options), bezzel);
  } catch (error) {
    if (!(error instanceof QueueCountError)) throw error;
    process.stderr.write(`bezzel: ${(error as Error).message}\n`);
    return error instanceof QueueCountCancelled ? EXIT_CANCELLED : EXIT.failed;
  }
  const instance = bezzel.instantiate(result.task);
  // A count of a piece from a plugin this machine lacks still prints: the piece goes by its id.
  const board = instance.ok ? instance.value.board : new Board(result.task.problem.board);
  const piece: Piece = instance.ok ? instance.value.piece : { id: result.task.problem.piece, name: result.task.problem.piece, symbols: { unicode: '?', ascii: '?' }, movement: { leaps: [], rides: [] } };
  const k = instance.ok && instance.value.kind === 'placement' ? instance.value.k : undefined;
  await printResult(board, piece, result, { ...options, plugin: options.plugin, strategy: 'auto', option: {} }, k);
  return exitCode(result);
}

/** A read that does not come back in time: the queue went away after it answered the first ping. */
async function answerWithin<T>(read: Promise<T>, address: QueueAddress): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueUnreachable(`the queue at ${address.display} did not answer within ${STATUS_PATIENCE_MS / 1000} s`)), STATUS_PATIENCE_MS);
  });
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const seconds = (ms: number) =>
  ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : ms < 3_600_000 ? `${(ms / 60_000).toFixed(1)} min` : ms < 172_800_000 ? `${(ms / 3_600_000).toFixed(1)} h` : `${(ms / 86_400_000).toFixed(1)} d`;

const STATE_WORDS: Readonly<Record<CountStatus['state'], string>> = {
  submitting: 'submitting',
  cancelled: 'cancelled',
  running: 'running',
  'waiting-for-worker': 'waiting for a capable worker',
  summing: 'summing',
  complete: 'complete',
  failed: 'failed',
};

function describeTask(task: CountStatus['task']): string {
  const { problem } = task;
  return `${problem.piece} on ${problem.board.width}×${problem.board.height}, ${problem.kind}, goal ${task.goal}`;
}

/** `status -q`: one line, the state, the sub-tasks done and the count (so far, or the answer). */
function statusLine(s: CountStatus): string {
  const count = `${groupDigits(s.count)}${s.fundamental !== undefined ? `, ${groupDigits(s.fundamental)} fundamental` : ''}`;
  return inert(`count ${s.id}: ${STATE_WORDS[s.state]}, ${s.done} of ${s.total} sub-tasks done, ${s.state === 'complete' ? count : `${count} so far`}`, { max: 2000 });
}

function describeStatus(s: CountStatus): string {
  const lines = [
    `count ${s.id}: ${STATE_WORDS[s.state]}${s.state === 'submitting' && s.sent !== undefined ? ` (${s.sent} of ${s.total} sub-tasks sent)` : ''}`,
    ...(s.orphaned ? [`its submitter stopped part way: bezzel result ${s.id} sends the rest and waits for the count`] : []),
    `${describeTask(s.task)}, strategy ${s.strategy}`,
    `sub-tasks: ${s.done} of ${s.total} done, ${s.active} in flight, ${s.retrying} retrying, ${s.failed} failed; ${s.capableWorkers} capable worker(s) of ${s.workers} connected`,
    ...(s.refused > 0 ? [`${s.refused} forged or altered record(s) found in Redis: refused, and their sub-tasks run again`] : []),
    `${s.state === 'complete' ? 'count' : 'so far'}: ${groupDigits(s.count)}${s.fundamental !== undefined ? `, ${groupDigits(s.fundamental)} fundamental` : ''}`,
    `elapsed ${seconds(s.elapsedMs)} · ${s.rate.toFixed(1)} sub-tasks/s${s.etaMs !== undefined ? ` · ETA ${seconds(s.etaMs)}` : ''}`,
    `needs ${describeCapability(s.capability)}; split by bezzel ${s.bezzel} into ${s.total} sub-tasks (${s.parts} parts asked)`,
  ];
  if (s.expiresAt !== undefined) lines.push(`kept on the queue until ${new Date(s.expiresAt).toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  if (s.failure) lines.push(`failed: ${s.failure}`);
  return lines.map((line) => inert(line, { max: 2000 })).join('\n');
}

function describeList(counts: readonly CountSummary[]): string {
  const now = Date.now();
  const rows = counts.map((c) => [c.id, describeTask(c.task), STATE_WORDS[c.state], `${c.done}/${c.total}`, seconds(now - c.submittedAt)]);
  const header = ['id', 'task', 'state', 'progress', 'age'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => inert(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd(), { max: 2000 })).join('\n');
}
