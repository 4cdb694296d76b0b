import { Command } from 'commander';
import type { SetExit } from '../exit.js';
import { wholeNumber } from '../options/common-options.js';
import { addQueueOptions } from '../queue/queue-options.js';
import type { DashboardCommandOptions } from '../queue/dashboard.js';

/** `bezzel dashboard`: a web page of a queue's counts and sub-tasks (bull-board), until stopped. */
export function dashboardCommand(setExit: SetExit): Command {
  return addQueueOptions(new Command('dashboard').description("serve a web dashboard (bull-board) of a queue's counts and sub-tasks, read-only, until stopped"))
    .option('--port <n>', 'the port to serve on (0: any free one)', wholeNumber('--port', 0), 3000)
    .option('--host <address>', 'the address to listen on; 127.0.0.1 keeps the page on this machine', '127.0.0.1')
    .option('--read-write', 'let the page retry, clean, pause and remove jobs (read-only without it); needs a credential')
    .option('--token-file <file>', 'the credential the page asks for (HTTP Basic, any user name; or set BEZZEL_DASHBOARD_TOKEN): required with --read-write or a --host beyond loopback')
    .action(async (options: DashboardCommandOptions) => setExit(await (await import('../queue/dashboard.js')).runDashboard(options)));
}
