import { type Command, Option } from 'commander';

/** How a command reaches a queue: its address, and the secrets kept out of it. */
export interface QueueOptions {
  readonly queue?: string;
  readonly passwordFile?: string;
  readonly tlsCa?: string;
  readonly tlsCert?: string;
  readonly tlsKey?: string;
  readonly queueKeyFile?: string;
}

/**
 * The options of every command that talks to a queue. A password never goes on the command line, where `ps`
 * shows it to every user of the machine: it comes from BEZZEL_QUEUE_PASSWORD or a file.
 */
export function addQueueOptions(command: Command, what = 'the queue: a Redis address such as redis://127.0.0.1:6379/0'): Command {
  return command
    .addOption(new Option('--queue <url>', what).env('BEZZEL_QUEUE'))
    .option('--password-file <file>', "the queue's password, read from this file (or set BEZZEL_QUEUE_PASSWORD; never put it in the address)")
    .option('--tls-ca <file>', 'for rediss://: the CA certificate (PEM) that signed the server\'s')
    .option('--tls-cert <file>', 'for rediss://: this client\'s certificate (PEM), when the server asks for one')
    .option('--tls-key <file>', 'for rediss://: the private key (PEM) of --tls-cert')
    .option('--queue-key-file <file>', 'the key shared by submitters and workers that signs counts, sub-tasks and results (or set BEZZEL_QUEUE_KEY)');
}
