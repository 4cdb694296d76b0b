import { UsageError } from '@bezzel/core';
import type { Command } from 'commander';

/** The options that only mean something for a count handed to a queue, with the flag a user typed. */
const QUEUE_ONLY: readonly (readonly [string, string])[] = [
  ['passwordFile', '--password-file'],
  ['tlsCa', '--tls-ca'],
  ['tlsCert', '--tls-cert'],
  ['tlsKey', '--tls-key'],
  ['queueKeyFile', '--queue-key-file'],
  ['detach', '--detach'],
  ['keep', '--keep'],
];

/**
 * For the solving commands (those with both --goal and --queue): BEZZEL_QUEUE set in the environment names the
 * queue for counts and is no error for any other goal (a shell that exports it still runs `bezzel queens 8`);
 * a queue's own options given without a queue are refused before any work, as a typed --queue on a goal that is
 * not a count already is. Runs as commander's preAction hook.
 */
export function checkQueueRequest(command: Command): void {
  const options = command.opts() as Record<string, unknown>;
  if (!('goal' in options) || !command.options.some((o) => o.attributeName() === 'queue')) return;
  const counting = typeof options['goal'] === 'string' && options['goal'].startsWith('count');
  if (!counting && command.getOptionValueSource('queue') === 'env') command.setOptionValueWithSource('queue', undefined, 'default');
  if (!counting && options['parts'] !== undefined) throw new UsageError('ERR_OPTION', `--parts is for split counts (--goal count or count-fundamental), not goal ${String(options['goal'])}`);
  if (command.opts()['queue'] !== undefined) return;
  for (const [name, flag] of QUEUE_ONLY) {
    if (options[name] !== undefined) throw new UsageError('ERR_OPTION', `${flag} goes with --queue (a count handed to bezzel workers), and this command has no queue`);
  }
}
