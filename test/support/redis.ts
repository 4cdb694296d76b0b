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
