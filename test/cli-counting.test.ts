import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel } from './support/cli.js';

interface CountJson {
  status: string;
  strategy: string;
  count: string;
  fundamental?: string;
  stats: { workers?: number; extra?: { resumed?: number; subTasks?: number } };
}

describe('bezzel place: long counts on worker threads, with a checkpoint', () => {
  it('counts on two worker threads what one thread counts', async () => {
    const run = await bezzel('place', 'queen', '-n', '9', '--goal', 'count-fundamental', '--workers', '2', '--format', 'json');
    expect(run.code).toBe(0);
    expect(run.stderr, 'no progress bar when the output is JSON or stderr is not a terminal').toBe('');
    const json = JSON.parse(run.stdout) as CountJson;
    expect(json).toMatchObject({ status: 'complete', strategy: 'bitboard', count: '352', fundamental: '46', stats: { workers: 2 } });
  });

  it('resumes from a checkpoint without redoing finished sub-tasks', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bezzel-cli-')), 'q10.jsonl');
    const first = JSON.parse((await bezzel('place', 'queen', '-n', '10', '--goal', 'count', '--workers', '2', '--checkpoint', file, '--format', 'json')).stdout) as CountJson;
    expect(first).toMatchObject({ status: 'complete', count: '724', stats: { extra: { resumed: 0 } } });
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(first.stats.extra!.subTasks! + 1);
    const again = JSON.parse((await bezzel('place', 'queen', '-n', '10', '--goal', 'count', '--workers', '2', '--checkpoint', file, '--format', 'json')).stdout) as CountJson;
    expect(again).toMatchObject({ status: 'complete', count: '724', stats: { extra: { resumed: first.stats.extra!.subTasks } } });
  });

  it('counts amazons with the bitboard strategy by default', async () => {
    const run = await bezzel('place', 'amazon', '-n', '10', '--goal', 'count-fundamental', '--format', 'json');
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'complete', strategy: 'bitboard', count: '4', fundamental: '1' });
  });

  it('refuses a checkpoint for a goal that is not a count', async () => {
    const run = await bezzel('place', 'queen', '-n', '8', '--checkpoint', join(tmpdir(), 'never.jsonl'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--checkpoint applies to counts/);
  });
});
