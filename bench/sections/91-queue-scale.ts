import { CountClient, countQueueOf, limbsOf, parseQueueAddress, queueKeys, recordResult, WatchedConnection } from '@bezzel/queue';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ownRedis } from '../../test/support/redis.js';
import type { BenchSection } from '../index.js';
import { fmtMs } from '../time.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'packages/cli/bin/bezzel.mjs');
const fixture = 'test/fixtures/many-count.ts';

/** Environment knobs: sub-tasks submitted (and cancelled), sub-tasks run through workers, worker processes. */
const SUBMITTED = Number(process.env.BEZZEL_BENCH_SUBTASKS ?? 100_000);
const RUN = Number(process.env.BEZZEL_BENCH_RUN ?? 10_000);
const WORKERS = Number(process.env.BEZZEL_BENCH_WORKERS ?? 8);

/**
 * A `bezzel` process (under /usr/bin/time when it is there and `timed`, for its peak memory). Workers run untimed:
 * killing /usr/bin/time would leave its child, the worker, running after the bench.
 */
function bezzel(args: readonly string[], timed = true) {
  const time = timed && existsSync('/usr/bin/time');
  const started = performance.now();
  const child = time
    ? spawn('/usr/bin/time', ['-f', 'peak-rss-kb %M', process.execPath, bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const done = new Promise<{ code: number; wallMs: number; stdout: string; stderr: string; peakMb?: number }>((resolve) =>
    child.on('close', (code) => {
      const kb = /peak-rss-kb (\d+)/.exec(stderr)?.[1];
      resolve({ code: code ?? 1, wallMs: performance.now() - started, stdout, stderr, ...(kb ? { peakMb: Number(kb) / 1024 } : {}) });
    }),
  );
  return { child, done };
}

const info = async (redis: WatchedConnection['redis'], section: string, field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, 'm').exec(await redis.info(section))?.[1] ?? NaN);
const cpu = async (redis: WatchedConnection['redis']) => (await info(redis, 'cpu', 'used_cpu_sys')) + (await info(redis, 'cpu', 'used_cpu_user'));

/** Redis's own time (µs) spent in the commands `work` sends, from INFO commandstats (reset first). */
async function redisMicros(redis: WatchedConnection['redis'], work: () => Promise<unknown>): Promise<number> {
  await redis.config('RESETSTAT');
  await work();
  const stats = await redis.info('commandstats');
  let usec = 0;
  for (const match of stats.matchAll(/^cmdstat_(\w+):calls=\d+,usec=(\d+)/gm)) if (match[1] !== 'info' && match[1] !== 'config') usec += Number(match[2]);
  return usec;
}

/**
 * Issue 28's figures: a count of SUBMITTED tiny sub-tasks submitted (time, the submitter's peak memory, Redis
 * memory per waiting sub-task), polled at 10³, 10⁴ and 10⁵ finished sub-tasks (Redis time of one status read),
 * and cancelled (time, and the longest single Redis call from SLOWLOG); then RUN sub-tasks through WORKERS worker
 * processes (rate, Redis commands, CPU and memory per sub-task).
 */
const section: BenchSection = {
  title: `Queue at scale: ${SUBMITTED.toLocaleString('en')} sub-tasks submitted, polled and cancelled; ${RUN.toLocaleString('en')} run through ${WORKERS} workers`,
  async run(log) {
    try {
      execFileSync('redis-server', ['--version']);
    } catch {
      log('skipped: no redis-server on this machine');
      return;
    }
    const server = await ownRedis();
    const queue = `${server.url}?prefix=scale`;
    const address = parseQueueAddress(queue);
    const connection = new WatchedConnection(address);
    const redis = connection.redis;
    const children: ChildProcess[] = [];
    try {
      // Every call of 10 ms or more is kept; the longest is what a BUSY-prone server would show.
      await redis.config('SET', 'slowlog-log-slower-than', '10000');
      await redis.config('SET', 'slowlog-max-len', '1024');
      await redis.config('SET', 'appendonly', 'no');
      const memBefore = await info(redis, 'memory', 'used_memory');
      const submit = await bezzel(['place', 'queen', '--goal', 'count', '--strategy', 'many-count', '-o', `items=${SUBMITTED}`, '--plugin', fixture, '--parts', String(SUBMITTED), '--queue', queue, '--detach', '--format', 'json']).done;
      if (submit.code !== 0) throw new Error(`submit failed: ${submit.stderr}`);
      const { job } = JSON.parse(submit.stdout) as { job: string };
      const memWaiting = await info(redis, 'memory', 'used_memory');
      const slowSubmit = (await redis.slowlog('GET', 1024)) as [number, number, number, string[]][];
      log(`submit ${SUBMITTED.toLocaleString('en')} sub-tasks: ${fmtMs(submit.wallMs)}, submitter peak ${submit.peakMb?.toFixed(0) ?? '?'} MB (target < 200 MB); Redis ${((memWaiting - memBefore) / SUBMITTED).toFixed(0)} B per waiting sub-task; longest Redis call ${slowSubmit.length ? `${(Math.max(...slowSubmit.map((e) => e[2])) / 1000).toFixed(1)} ms` : 'under 10 ms'}`);

      // Polls: the count's results recorded as workers would (the same script), then one status read timed.
      const client = await CountClient.open(address);
      const sums = limbsOf('c', 1n);
      let recorded = 0;
      for (const target of [1000, 10_000, 100_000].filter((t) => t <= SUBMITTED)) {
        for (; recorded < target; recorded += 1000) {
          await Promise.all(Array.from({ length: 1000 }, (_, i) => recordResult(redis, address.prefix, job, recorded + i, JSON.stringify({ count: '1', nodes: 1, worker: 'bench:1', rerun: false, mac: '' }), 1, sums)));
        }
        const polls = 100;
        const usec = await redisMicros(redis, async () => {
          for (let i = 0; i < polls; i++) await client.status(job);
        });
        log(`poll at ${target.toLocaleString('en')} finished: ${(usec / polls / 1000).toFixed(3)} ms of Redis time per status read (target < 2 ms)`);
      }

      await redis.slowlog('RESET');
      const cancelStart = performance.now();
      await client.cancel(job);
      const cancelMs = performance.now() - cancelStart;
      const slow = (await redis.slowlog('GET', 1024)) as [number, number, number, string[]][];
      const longest = slow.length ? Math.max(...slow.map((e) => e[2])) / 1000 : 0;
      const left = await redis.exists(`${address.prefix}:${countQueueOf(job)}:wait`, queueKeys.results(address.prefix, job));
      log(`cancel of ${SUBMITTED.toLocaleString('en')} sub-tasks (${recorded.toLocaleString('en')} finished): ${fmtMs(cancelMs)}; longest Redis call ${slow.length ? `${longest.toFixed(1)} ms (${slow.length} calls ≥ 10 ms)` : 'under 10 ms'} (target < 100 ms); keys left ${left}`);

      // Through workers: RUN sub-tasks, WORKERS processes of one thread each.
      const clientsBefore = await info(redis, 'clients', 'connected_clients');
      const workers = Array.from({ length: WORKERS }, () => bezzel(['worker', '--queue', queue, '--workers', '1', '--quiet', '--plugin', fixture], false));
      children.push(...workers.map((w) => w.child));
      // Idle means every worker connected (a loaded machine starts them in more than 3 s): the clients counted
      // until they have held still for 2 s, at most 60 s.
      let clientsIdle = clientsBefore;
      for (let still = 0, waited = 0; still < 2000 && waited < 60_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const now = await info(redis, 'clients', 'connected_clients');
        still = now === clientsIdle && now > clientsBefore ? still + 250 : 0;
        clientsIdle = now;
      }
      let clientsBusy = clientsIdle;
      const sampling = setInterval(() => void info(redis, 'clients', 'connected_clients').then((n) => (clientsBusy = Math.max(clientsBusy, n))), 200);
      await redis.config('RESETSTAT');
      const cpuBefore = await cpu(redis);
      const memIdle = await info(redis, 'memory', 'used_memory');
      const runStart = performance.now();
      // Submitted and then waited for with `result`: what is measured is the queue, not a cross-check of the count.
      const detached = await bezzel(['place', 'queen', '--goal', 'count', '--strategy', 'many-count', '-o', `items=${RUN}`, '--plugin', fixture, '--parts', String(RUN), '--queue', queue, '--detach', '--format', 'json']).done;
      const run = await bezzel(['result', (JSON.parse(detached.stdout) as { job: string }).job, '--queue', queue, '--format', 'json']).done;
      const runMs = performance.now() - runStart;
      clearInterval(sampling);
      const commands = await info(redis, 'stats', 'total_commands_processed');
      const cpuUsed = (await cpu(redis)) - cpuBefore;
      const memAfter = await info(redis, 'memory', 'used_memory');
      const expected = String((BigInt(RUN) * BigInt(RUN + 1)) / 2n);
      const answer = (JSON.parse(run.stdout || '{}') as { count?: string }).count;
      log(
        `${RUN.toLocaleString('en')} sub-tasks through ${WORKERS} workers: ${fmtMs(runMs)} (${(RUN / (runMs / 1000)).toFixed(0)} sub-tasks/s), count ${answer === expected ? 'exact' : `WRONG (${answer})`}; ` +
          `Redis ${(commands / RUN).toFixed(1)} commands and ${((cpuUsed * 1e6) / RUN).toFixed(0)} µs CPU per sub-task (worker heartbeats included), ${((memAfter - memIdle) / RUN).toFixed(1)} B kept per finished sub-task`,
      );
      log(`Redis connections: ${((clientsIdle - clientsBefore) / WORKERS).toFixed(1)} per idle worker, ${((clientsBusy - clientsIdle) / WORKERS).toFixed(1)} more per worker for each count it serves (${clientsBefore} → ${clientsIdle} idle → ${clientsBusy} at most with one count, its submitter and result included)`);
      await client.close();
    } finally {
      for (const child of children) child.kill('SIGKILL');
      await connection.close();
      await server.stop();
    }
  },
};

export default section;
