import { Board, leaper, validateTour } from '@bezzel/core';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel, bezzelProcess } from './support/cli.js';

const knight = { id: 'knight', name: 'knight', symbols: { unicode: '♞', ascii: 'N' }, movement: leaper(1, 2) };

describe("bezzel tour: knight's tours at every scale", () => {
  it('answers tour knight -n 1000 --closed --format json with a closed tour the Validator accepts', async () => {
    const run = await bezzel('tour', 'knight', '-n', '1000', '--closed', '--format', 'json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { status: string; strategy: string; solutions: { path: number[]; closed: boolean }[] };
    expect(json).toMatchObject({ status: 'solved', strategy: 'divide-conquer' });
    const report = validateTour(Board.square(1000), knight, json.solutions[0]!.path, { closed: true });
    expect(report.firstError).toBeUndefined();
    expect(report.closes).toBe(true);
  });

  it('tours a zebra where one exists and answers the colour-bound camel impossible, with the reason', async () => {
    const zebra = await bezzel('tour', 'zebra', '-n', '10', '--strategy', 'warnsdorff', '-o', 'restarts=300', '--seed', '7', '--format', 'json');
    const path = (JSON.parse(zebra.stdout) as { solutions: { path: number[] }[] }).solutions[0]!.path;
    expect(validateTour(Board.square(10), { ...knight, id: 'zebra', movement: leaper(2, 3) }, path).valid).toBe(true);
    const camel = await bezzel('tour', 'camel', '-n', '8');
    expect(camel.code).toBe(0);
    expect(camel.stdout).toMatch(/never leaves its square's colour/);
  });

  it('draws a tour as SVG on stdout: one polyline through every square and back for a closed tour', async () => {
    const run = await bezzel('tour', 'knight', '-n', '6', '--closed', '--format', 'svg');
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const points = /<polyline points="([^"]+)"/.exec(run.stdout)![1]!.split(' ');
    expect(points).toHaveLength(37);
    expect(points.at(-1)).toBe(points[0]);
  });

  it('writes the drawing (SVG or PNG) to --out and draws the attacking pairs of a checked placement', async () => {
    const file = join(tmpdir(), `bezzel-check-${process.pid}.svg`);
    try {
      const run = await bezzel('check', 'queen', 'a1,b3,c5,d7,h8', '--out', file);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/a1 and h8 share a diagonal/);
      const svg = readFileSync(file, 'utf8');
      expect(svg.split('<line ').length - 1).toBe(1);
      expect(svg.split('<path ').length - 1).toBe(5);
    } finally {
      rmSync(file, { force: true });
    }
    const png = join(tmpdir(), `bezzel-tour-${process.pid}.png`);
    try {
      expect((await bezzel('tour', 'knight', '-n', '8', '--out', png)).code).toBe(0);
      expect([...readFileSync(png).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    } finally {
      rmSync(png, { force: true });
    }
    const bad = await bezzel('tour', 'knight', '-n', '8', '--out', 'tour.txt');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/name a \.svg or a \.png file/);
  });

  it('compares tour strategies with bezzel experiment tour', async () => {
    const run = await bezzel('experiment', 'tour', 'knight', '-n', '6', '--strategies', 'warnsdorff,genetic,ant-colony', '--runs', '3', '--format', 'json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { rows: { strategy: string; runs: number; solved: number }[] };
    expect(json.rows.map((r) => [r.strategy, r.runs])).toEqual([
      ['warnsdorff', 3],
      ['genetic', 3],
      ['ant-colony', 3],
    ]);
    expect(json.rows.find((r) => r.strategy === 'genetic')!.solved).toBe(3);
  });

  it('--workers is the number of threads of a count that runs its own (the frontier with its states on disk), unless -o threads says', async () => {
    const threadsOf = async (...extra: string[]) => {
      const spill = join(tmpdir(), `bezzel-threads-${process.pid}-${extra.join('')}`);
      try {
        // The command itself: the spill's threads are worker threads of a process of its own.
        const run = await bezzelProcess('tour', 'knight', '--width', '6', '--height', '5', '--goal', 'count', '--strategy', 'frontier', '-o', `spill=${spill}`, '--format', 'json', ...extra);
        expect(run.code, run.stderr).toBe(0);
        const result = JSON.parse(run.stdout);
        expect(result.count).toBe('37568');
        return result.stats.extra.threads as number;
      } finally {
        rmSync(spill, { recursive: true, force: true });
      }
    };
    expect(await threadsOf('--workers', '1')).toBe(1);
    expect(await threadsOf('--workers', '1', '-o', 'threads=2')).toBe(2);
    expect(await threadsOf('--workers', '3')).toBe(3);
  });

  it('counts tours on worker threads, split by path prefix: 1728 directed open tours on 5×5, 9862 closed on 6×6', async () => {
    const open = JSON.parse((await bezzel('tour', 'knight', '-n', '5', '--goal', 'count', '--workers', '2', '--format', 'json')).stdout);
    expect(open).toMatchObject({ status: 'complete', count: '1728', stats: { workers: 2, extra: { executor: 'threads' } } });
    const closed = JSON.parse((await bezzel('tour', 'knight', '-n', '6', '--closed', '--goal', 'count', '--workers', '2', '--format', 'json')).stdout);
    expect(closed).toMatchObject({ status: 'complete', count: '9862' });
    expect(closed.stats.extra.subTasks).toBeGreaterThan(1);
  });
});
