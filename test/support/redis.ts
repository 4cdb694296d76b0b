import { assertReachable, parseQueueAddress } from '@bezzel/queue';
import { randomBytes } from 'node:crypto';

/** The Redis the queue tests use: `.ci/run` starts one on this port; BEZZEL_TEST_REDIS names another. */
export const TEST_REDIS = process.env.BEZZEL_TEST_REDIS ?? 'redis://127.0.0.1:6390/0';

/**
 * Whether the test Redis answers. In CI (CI set) it must: a missing server fails the run instead of skipping
 * the queue tests quietly.
 */
export async function testRedisReachable(): Promise<boolean> {
  try {
    await assertReachable(parseQueueAddress(TEST_REDIS), 1000);
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`CI needs Redis for the queue tests at ${TEST_REDIS}: ${(error as Error).message}`);
    console.warn(`Skipping the queue tests: no Redis at ${TEST_REDIS} (start one: redis-server --port 6390 --save '' --daemonize yes, or set BEZZEL_TEST_REDIS)`);
    return false;
  }
}

/** A queue address of its own (a fresh key prefix), so runs and tests never see each other's jobs. */
export function freshQueue(): string {
  const url = new URL(TEST_REDIS);
  url.searchParams.set('prefix', `test-${randomBytes(4).toString('hex')}`);
  return url.href;
}

/** A Redis server of a test's own: its own port and data folder, so the test may kill and restart it. */
export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILL, as a crash: whatever the append-only file has not got is lost. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` on a free loopback port with append-only persistence (fsync every second), as the README
 * sets a queue up. The configuration goes in on stdin, so a password never shows in `ps`.
 */
export async function ownRedis(options: { password?: string } = {}): Promise<OwnRedis> {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { createServer } = await import('node:net');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'bezzel-redis-'));
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const config = [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, 'save ""', 'appendonly yes', 'appendfsync everysec', ...(options.password ? [`requirepass ${options.password}`] : [])].join('\n');
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    child = spawn('redis-server', ['-'], { stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin!.end(`${config}\n`);
    const address = parseQueueAddress(`redis://127.0.0.1:${port}/0`, options.password ? { password: options.password } : {});
    for (let i = 0; ; i++) {
      try {
        await assertReachable(address, 500);
        return;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const ended = () => new Promise<void>((resolve) => (child && child.exitCode === null && child.signalCode === null ? child.once('exit', () => resolve()) : resolve()));
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    async kill() {
      const done = ended();
      child?.kill('SIGKILL');
      await done;
    },
    start,
    async stop() {
      const done = ended();
      child?.kill('SIGTERM');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
