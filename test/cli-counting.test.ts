import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('counts again, and says so, each checkpoint line that was edited — a count changed, or made impossible with its digest redone', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bezzel-cli-')), 'q12.jsonl');
    const args = ['place', 'queen', '-n', '12', '--goal', 'count', '--strategy', 'bitboard', '--workers', '2', '--checkpoint', file, '--format', 'json'];
    const first = JSON.parse((await bezzel(...args)).stdout) as CountJson;
    expect(first).toMatchObject({ status: 'complete', count: '14200' });
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const entries = lines.slice(1).map((line) => JSON.parse(line) as { key: string; weight: number; count: string; nodes: number; check: string; fundamental?: string });
    const header = JSON.parse(lines[0]!) as { split: string };
    // An edit by hand: the count of one sub-task made 999999999 (more than 12!, the most 12 queens could ever be).
    entries[0]!.count = '999999999';
    // A forger who knows the digest: the count is above the board's bound, so it is refused all the same.
    const digest = (e: (typeof entries)[number]) => createHash('sha256').update([header.split, e.key, e.weight, e.count, e.fundamental ?? '', e.nodes].join('\t')).digest('hex').slice(0, 16);
    entries[1]!.count = '500000000';
    entries[1]!.check = digest(entries[1]!);
    // A subtler edit: one more solution, digest left as it was.
    entries[2]!.count = String(Number(entries[2]!.count) + 1);
    writeFileSync(file, [lines[0], ...entries.map((e) => JSON.stringify(e))].join('\n') + '\n');
    const again = await bezzel(...args);
    expect(again.stderr).toMatch(/: 3 lines failed their check \(edited or damaged, or a count above what the board allows\); those sub-tasks are counted again\n$/);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'complete', count: '14200', stats: { extra: { resumed: entries.length - 3, checkpointRejected: 3 } } });
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
