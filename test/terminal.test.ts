import { describe, expect, it } from 'vitest';
import { onTerminal, visible } from './support/terminal.js';
import { freshQueue, testRedisReachable } from './support/redis.js';
import { bezzelBin, childEnv, root } from './support/cli.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The command as a person meets it: on a terminal (a pseudo-terminal), where the progress display draws — the
 * code path no piped test reaches (a bar's library that failed to load crashed every long count there) — and
 * where Ctrl-C is a key typed, not a signal sent.
 */
describe('on a terminal', () => {
  it('a split count draws its bar, updates it and prints the answer under it', async () => {
    const run = onTerminal(['place', 'queen', '-n', '17', '--goal', 'count']);
    const { screen, code } = await run.ended;
    const text = visible(screen);
    expect(code, text).toBe(0);
    const bars = text.match(/counting \|[█░]+\| \d+\/\d+ sub-tasks/g) ?? [];
    expect(bars.length, text).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/95815104 solutions: 17 queens on 17×17/);
    expect(text.indexOf('95815104 solutions')).toBeGreaterThan(text.lastIndexOf('counting |'));
    expect(text).not.toMatch(/internal error|Cannot find module/);
  });

  it('Ctrl-C during a split count prints the partial count and exits 130', async () => {
    const run = onTerminal(['place', 'queen', '-n', '17', '--goal', 'count']);
    await run.waitFor(/counting \|[█░]+\| [1-9]\d*\/\d+ sub-tasks/);
    run.type('\x03');
    const { screen, code } = await run.ended;
    const text = visible(screen);
    expect(code, text).toBe(130);
    expect(text).toMatch(/Stopped: \d+ found so far \([\d.]+% of its sub-tasks finished\)/);
  });

  it('Ctrl-C during the half-board join at its widest band (every solution a band) stops it within two seconds', async () => {
    const run = onTerminal(['place', 'queen', '-n', '16', '--strategy', 'halves', '--goal', 'count', '-o', 'band=16', '--max-time', 'none']);
    await run.waitFor(/searching · [\d,]+ nodes · .*[\d,]+ found/);
    const typed = performance.now();
    run.type('\x03');
    const { screen, code } = await run.ended;
    const text = visible(screen);
    expect(code, text).toBe(130);
    expect(text).toMatch(/Stopped: \d+ found so far/);
    expect(performance.now() - typed).toBeLessThan(2000);
  });

  it('Ctrl-C during a tour count prints what it has and exits 130', async () => {
    const run = onTerminal(['tour', 'knight', '-n', '6', '--goal', 'count']);
    await run.waitFor(/counting \|[█░]+\| \d+\/\d+ sub-tasks/);
    await new Promise((resolve) => setTimeout(resolve, 700));
    run.type('\x03');
    const { screen, code } = await run.ended;
    expect(code, visible(screen)).toBe(130);
    expect(visible(screen)).toMatch(/Stopped: \d+ found so far/);
  });

  it('a minimum domination shows a status line while it searches; Ctrl-C prints its bounds and best set', async () => {
    const run = onTerminal(['dominate', 'knight', '-n', '15']);
    await run.waitFor(/searching · [\d,]+ nodes · .*\d s/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    run.type('\x03');
    const { screen, code } = await run.ended;
    const text = visible(screen);
    expect(code, text).toBe(130);
    expect(text).toMatch(/Stopped; at least \d+/);
  });

  it('an experiment says which run it is on, then prints its table', async () => {
    const run = onTerminal(['experiment', 'queen', '-n', '8', '--strategies', 'min-conflicts,hill-climbing', '--runs', '20']);
    const { screen, code } = await run.ended;
    const text = visible(screen);
    expect(code, text).toBe(0);
    // Progress lines are throttled: the first one shown may be a later run.
    expect(text).toMatch(/run \d+ of 40 · (min-conflicts|hill-climbing)/);
    expect(text).toMatch(/hill-climbing/);
    expect(text).toMatch(/95% intervals/);
  });

  it('a count on a queue, with its worker, draws its bar and answers', async () => {
    if (!(await testRedisReachable())) return;
    const queue = freshQueue();
    const worker = spawn(process.execPath, [bezzelBin, 'worker', '--queue', queue, '--workers', '2', '--quiet'], { cwd: root, env: childEnv(), stdio: 'ignore' });
    try {
      const run = onTerminal(['place', 'queen', '-n', '14', '--goal', 'count', '--queue', queue]);
      const { screen, code } = await run.ended;
      const text = visible(screen);
      expect(code, text).toBe(0);
      expect(text).toMatch(/counting \|[█░]+\| \d+\/\d+ sub-tasks/);
      expect(text).toMatch(/365596 solutions: 14 queens on 14×14/);
    } finally {
      worker.kill('SIGINT');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
  });
});

describe('on a terminal, a count with its states on disk', () => {
  it('Ctrl-C stops it saying where the states are; the same command resumes there and answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bezzel-spill-'));
    try {
      const args = ['tour', 'knight', '--width', '8', '--height', '6', '--closed', '--goal', 'count', '--strategy', 'frontier', '-o', `spill=${dir}`, '--max-time', 'none'];
      const first = onTerminal(args);
      await first.waitFor(/square (2\d|3\d) of 48/);
      first.type('\x03');
      const stopped = await first.ended;
      const text = visible(stopped.screen);
      expect(stopped.code, text).toBe(130);
      expect(text).toMatch(/the states are in .* \(square \d+ of 48 part done\), and the same command resumes from there/);
      const again = onTerminal(args);
      const { screen, code } = await again.ended;
      const answer = visible(screen);
      expect(code, answer).toBe(0);
      expect(answer).toMatch(/resumedSteps [1-9]\d/);
      expect(answer).toMatch(/55488142 undirected closed tours/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('on a terminal, a count that keeps its states on disk by itself', () => {
  it('keeps them in a temporary directory: Ctrl-C names it, and the same command with -o spill= resumes there', async () => {
    // Two threads, no directory: the states go to a fresh directory under the system's temporary folder.
    const args = ['tour', 'knight', '--width', '8', '--height', '6', '--closed', '--goal', 'count', '-o', 'threads=2', '--max-time', 'none'];
    const first = onTerminal(args);
    await first.waitFor(/square (2\d|3\d) of 48/);
    first.type('\x03');
    const stopped = await first.ended;
    const text = visible(stopped.screen);
    expect(stopped.code, text).toBe(130);
    const dir = /the states are in (\S+) \(square \d+ of 48 part done\); the same command with -o spill=\1 resumes from there/.exec(text.replace(/\s*\n\s*/g, ' '))?.[1];
    expect(dir, text).toBeDefined();
    try {
      const again = onTerminal([...args, '-o', `spill=${dir}`]);
      const { screen, code } = await again.ended;
      const answer = visible(screen);
      expect(code, answer).toBe(0);
      expect(answer).toMatch(/resumedSteps [1-9]\d/);
      expect(answer).toMatch(/55488142 undirected closed tours/);
    } finally {
      rmSync(dir!, { recursive: true, force: true });
    }
  });
});
