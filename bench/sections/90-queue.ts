import { availableParallelism } from 'node:os';
import { CountClient, parseQueueAddress, type CountStatus } from '@bezzel/queue';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ownRedis } from '../../test/support/redis.js';
import type { BenchSection } from '../index.js';
import { fmtMs } from '../time.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'packages/cli/bin/bezzel.mjs');

/** A `bezzel` process: its exit, stdout, and each stderr line with when it came. */
function bezzel(args: readonly string[]) {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  const lines: { at: number; text: string }[] = [];
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean).map((text) => ({ at: Date.now(), text }))));
  const done = new Promise<{ code: number; wallMs: number; stdout: string }>((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, wallMs: performance.now() - started, stdout })),
  );
  return { child, lines, done };
}

const until = async (test: () => Promise<boolean> | boolean) => {
  while (!(await test())) await new Promise((resolve) => setTimeout(resolve, 100));
};
const stop = (child: ChildProcess) => child.kill('SIGKILL');

/**
 * Issue 15's figures, each beside its reference from the same run: n = 16 through one local worker against the
 * same count run locally (target ≤ 1.15×); n = 17 through two workers with Redis killed (SIGKILL) and restarted
 * on its append-only file mid-count (must still be 95815104 / 11977939); a worker killed mid-sub-task and how
 * soon its sub-task is taken over (target: within the stall time).
 */
const section: BenchSection = {
  title: 'Counting on a queue: overhead against a local count, Redis restart, worker death',
  async run(log) {
    try {
      execFileSync('redis-server', ['--version']);
    } catch {
      log('skipped: no redis-server on this machine');
      return;
    }
    const redis = await ownRedis();
    const queue = `${redis.url}?prefix=bench`;
    const children: ChildProcess[] = [];
    try {
      // n = 16: one local worker (every core), warmed up by a small count, against the local count.
      const worker = bezzel(['worker', '--queue', queue, '--quiet']);
      children.push(worker.child);
      await (bezzel(['place', 'queen', '-n', '10', '--goal', 'count', '--queue', queue, '-q']).done);
      const task = ['place', 'queen', '-n', '16', '--goal', 'count-fundamental', '--max-time', 'none', '-q'];
      // The local count as a user runs it (one thread: n = 16 is below the size it splits at by itself), and on as
      // many threads as the worker has: the queue's own overhead is the second ratio.
      const sameThreads = [...task, '--workers', String(availableParallelism())];
      const ratios: number[] = [];
      const threadRatios: number[] = [];
      for (let round = 1; round <= 3; round++) {
        const local = await bezzel(task).done;
        const threaded = await bezzel(sameThreads).done;
        const queued = await bezzel([...task, '--queue', queue]).done;
        const answer = (out: string) => /^(\d+) solutions, (\d+) fundamental/.exec(out)?.slice(1).join(' / ') ?? out.trim();
        ratios.push(queued.wallMs / local.wallMs);
        threadRatios.push(queued.wallMs / threaded.wallMs);
        log(
          `n=16 round ${round}: local ${fmtMs(local.wallMs)} (${answer(local.stdout)}), local on ${availableParallelism()} threads ${fmtMs(threaded.wallMs)} · one local worker ${fmtMs(queued.wallMs)} (${answer(queued.stdout)}, ${/subTasks (\d+)/.exec(queued.stdout)?.[1]} sub-tasks)` +
            ` = ${(queued.wallMs / local.wallMs).toFixed(2)}× the local count, ${(queued.wallMs / threaded.wallMs).toFixed(2)}× on as many threads (target ≤ 1.15)`,
        );
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!.toFixed(2);
      log(`n=16 median ratios ${median(ratios)}× and ${median(threadRatios)}× (wall times of whole commands; load average ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0]})`);
      stop(worker.child);

      // n = 17 through two workers of one thread each; Redis killed once a third is done, started 1 s later.
      const workers = [0, 1].map(() => bezzel(['worker', '--queue', queue, '--workers', '1', '--quiet']));
      children.push(...workers.map((w) => w.child));
      const submitted = await bezzel(['place', 'queen', '-n', '17', '--goal', 'count-fundamental', '--queue', queue, '--detach', '--format', 'json']).done;
      const { job, subTasks } = JSON.parse(submitted.stdout) as { job: string; subTasks: number };
      const started = performance.now();
      const result = bezzel(['result', job, '--queue', queue, '--format', 'json']);
      const client = await CountClient.open(parseQueueAddress(queue), { patient: true });
      await until(async () => ((await client.status(job)) as CountStatus).done >= subTasks / 3);
      const doneAtKill = ((await client.status(job)) as CountStatus).done;
      await client.close();
      const killedAt = Date.now();
      await redis.kill();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await redis.start();
      const finished = await result.done;
      const json = JSON.parse(finished.stdout) as { count: string; fundamental: string; stats: { extra: { reruns: number } } };
      const said = (lines: { at: number; text: string }[]) => lines.find((l) => /lost the queue|cannot reach/.test(l.text));
      const saidIn = [...workers.map((w) => said(w.lines)), said(result.lines)].map((l) => (l ? `${((l.at - killedAt) / 1000).toFixed(1)} s` : 'never'));
      const exact = json.count === '95815104' && json.fundamental === '11977939';
      log(
        `n=17 through two workers, Redis SIGKILLed at ${doneAtKill}/${subTasks} sub-tasks and restarted 1 s later: ${json.count} / ${json.fundamental} ` +
          `(reference 95815104 / 11977939: ${exact ? 'exact' : 'WRONG'}) in ${fmtMs(performance.now() - started)}, ${json.stats.extra.reruns} sub-task(s) rerun; ` +
          `"lost the queue" said after ${saidIn.join(', ')} (workers, result; target ≤ 5 s)`,
      );
      for (const w of workers) stop(w.child);

      // A worker killed mid-sub-task with --stall 10s: how soon another takes its sub-task over.
      const slow = ['--plugin', 'test/fixtures/slow-count.ts'];
      const first = bezzel(['worker', '--queue', queue, '--workers', '1', '--stall', '10s', ...slow]);
      children.push(first.child);
      await until(() => first.lines.some((l) => l.text.includes('Ctrl-C to stop')));
      const slowJob = JSON.parse((await bezzel(['place', 'queen', '--goal', 'count', '--strategy', 'slow-count', '-o', 'ms=500', ...slow, '--queue', queue, '--parts', '2', '--detach', '--format', 'json']).done).stdout).job as string;
      const watcher = await CountClient.open(parseQueueAddress(queue));
      await until(async () => ((await watcher.status(slowJob)) as CountStatus).active === 1);
      const second = bezzel(['worker', '--queue', queue, '--workers', '2', '--stall', '10s', ...slow]);
      children.push(second.child);
      await until(async () => ((await watcher.status(slowJob)) as CountStatus).active === 2);
      const deathAt = Date.now();
      stop(first.child);
      await until(() => second.lines.some((l) => l.text.includes('taken over')));
      const takenAfter = second.lines.find((l) => l.text.includes('taken over'))!.at - deathAt;
      const total = await watcher.await(slowJob, { pollMs: 100 });
      await watcher.close();
      log(`worker SIGKILLed mid-sub-task, --stall 10s: taken over after ${fmtMs(takenAfter)} (promised ≤ 10 s); count ${total.status === 'complete' ? total.count : total.status} (reference 820)`);
    } finally {
      for (const child of children) stop(child);
      await redis.stop();
    }
  },
};
export default section;
