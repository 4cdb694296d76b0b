import { Board, createBezzel, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import frontier, { countWalks, orderedGraph, type Walk } from './index.js';
import { MOD_HIGH, MOD_PRIME, fromResidues, walkBoundLog2 } from './residues.js';
import { countSpilled, type GroupRunner, type SpillProgress } from './spill.js';
import { SpillSweep } from './spill-sweep.js';

const knights = await createBezzel({ plugins: [knight, frontier] });
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-spill-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const graphOf = (width: number, height: number) => orderedGraph(new Board({ width, height }), knights.piece('knight')!);
const inThread = (sweep: SpillSweep): GroupRunner => ({ run: async (step, group, groups, nextGroups) => sweep.runGroup(step, group, groups, nextGroups), parallel: 1, halt: () => {} });

describe('frontier DP with the states on disk (spill)', () => {
  it('counts closed and open tours in groups whose states are disjoint: the same states and count as in memory', async () => {
    // Board, walk, count, states a group is planned for (small, so a step has many groups).
    const cases: [number, number, Walk, bigint, number][] = [
      [6, 6, 'cycles', 9862n, 4000],
      [8, 5, 'cycles', 44202n, 4000],
      // Undirected open tours: half of A165134's 1728, and of the backtracker's 37,568 on 6×5.
      [5, 5, 'paths', 864n, 4000],
      [6, 5, 'paths', 18784n, 4000],
    ];
    for (const [width, height, walk, expected, perGroup] of cases) {
      const graph = graphOf(width, height);
      const memory = countWalks(graph, walk, () => false);
      const sweep = new SpillSweep(graph, join(scratch, `whole-${width}x${height}-${walk}`), walk);
      let groups = 0;
      const result = await countSpilled(sweep, inThread(sweep), (p) => (groups = Math.max(groups, p.groups)), () => false, perGroup);
      sweep.closeFiles();
      expect(groups, `${width}×${height} ${walk}`).toBeGreaterThanOrEqual(8);
      expect(result.count).toBe(expected);
      expect(result.count).toBe(memory.count);
      // Disjoint groups: no state is in two of them, so each step holds exactly the states the in-memory sweep does.
      expect(result.peakStates).toBe(memory.peakStates);
      expect(result.states).toBe(memory.states - 1);
    }
  });

  it('resumes a stopped run from what is on disk, and a finished one from its result', async () => {
    const graph = graphOf(6, 6);
    const dir = join(scratch, 'resume');
    const sweep = new SpillSweep(graph, dir);
    let groupsRun = 0;
    const progress = (p: SpillProgress) => void (p.resumed ? 0 : groupsRun++);
    const stopped = await countSpilled(sweep, inThread(sweep), progress, () => groupsRun >= 20, 20_000);
    expect(stopped.count).toBeUndefined();
    expect(stopped.stopped!.step).toBeGreaterThan(10);
    const onDisk = readdirSync(dir).filter((e) => e.startsWith('after-'));
    expect(onDisk.length).toBeLessThanOrEqual(2);
    groupsRun = 0;
    const again = new SpillSweep(graph, dir);
    const resumed = await countSpilled(again, inThread(again), progress, () => false, 20_000);
    expect(resumed.resumedSteps).toBeGreaterThan(10);
    expect(resumed.count).toBe(9862n);
    expect(existsSync(join(dir, 'result.json'))).toBe(true);
    const third = new SpillSweep(graph, dir);
    expect(await countSpilled(third, inThread(third), progress, () => false, 20_000)).toMatchObject({ count: 9862n, resumedSteps: graph.n });
    for (const s of [sweep, again, third]) s.closeFiles();
  });

  it("refuses a directory that holds another run's states (another board, or open tours where closed ones were)", async () => {
    const dir = join(scratch, 'other');
    const first = new SpillSweep(graphOf(6, 6), dir);
    await countSpilled(first, inThread(first), () => {}, () => true);
    for (const second of [new SpillSweep(graphOf(8, 6), dir), new SpillSweep(graphOf(6, 6), dir, 'paths')]) {
      await expect(countSpilled(second, inThread(second), () => {}, () => false)).rejects.toMatchObject({ code: 'EOTHERRUN' });
    }
  });

  it('gets a count back from its residues mod 2⁵² and mod 2⁵¹ − 129 below their product', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 102n) - 1n }), (x) => {
        expect(fromResidues(Number(x % BigInt(MOD_HIGH)), Number(x % BigInt(MOD_PRIME)))).toBe(x);
      }),
    );
  });

  it("proves the 8×8 counts, closed and open, below the residues' product (Brégman), but not those of a long narrow board", () => {
    const eight = graphOf(8, 8);
    expect(walkBoundLog2(eight, 'cycles')).toBeGreaterThan(Math.log2(13_267_364_410_532));
    expect(walkBoundLog2(eight, 'cycles')).toBeLessThan(102);
    // A165134(8) = 19,591,828,170,979,904 directed, half of it undirected.
    expect(walkBoundLog2(eight, 'paths')).toBeGreaterThan(Math.log2(19_591_828_170_979_904 / 2));
    expect(walkBoundLog2(eight, 'paths')).toBeLessThan(102);
    expect(walkBoundLog2(graphOf(60, 6), 'cycles')).toBeGreaterThan(102);
    // On small boards the bound is above every count the backtracker finds (6×6 open: 3,318,960 undirected).
    expect(walkBoundLog2(graphOf(6, 6), 'paths')).toBeGreaterThan(Math.log2(3_318_960));
  });

  it('is the frontier strategy with -o spill: the count, directed or not, open or closed; the run stops between groups and says how to resume', async () => {
    const task = (options: Task['options'], maxTimeMs = 600_000, closed = true): Task => ({
      problem: { kind: 'tour', board: closed ? { width: 6, height: 6 } : { width: 5, height: 5 }, piece: 'knight', closed },
      goal: 'count',
      strategy: 'frontier',
      budget: { maxTimeMs },
      options,
    });
    const dir = join(scratch, 'strategy');
    expect(await knights.solve(task({ spill: dir, threads: 2 }))).toMatchObject({ status: 'complete', count: 9862n });
    expect(await knights.solve(task({ spill: join(scratch, 'directed'), direction: 'directed' }))).toMatchObject({ status: 'complete', count: 19724n });
    expect(await knights.solve(task({ spill: join(scratch, 'open') }, 600_000, false))).toMatchObject({ status: 'complete', count: 1728n });
    const stopped = await knights.solve(task({ spill: join(scratch, 'stopped') }, 0));
    expect(stopped).toMatchObject({ status: 'budget', partial: { note: expect.stringMatching(/part done\), and the same command resumes/) } });
    // A directory that cannot take the states is said before the run, in one line.
    const supports = (options: Task['options'], width = 6, closed = true, height = 6) => {
      const instance = knights.instantiate({ ...task(options), problem: { kind: 'tour', board: { width, height }, piece: 'knight', closed } });
      if (!instance.ok) throw instance.error;
      return knights.strategy('frontier')!.supports(instance.value);
    };
    expect(supports({ spill: join(dir, 'manifest.json') })).toMatchObject({ ok: false, reason: expect.stringMatching(/is a file, not a directory/) });
    expect(supports({ spill: join(dir, 'manifest.json', 'below') })).toMatchObject({ ok: false, reason: expect.stringMatching(/is a file, so .* cannot be made/) });
    // Node's recursive mkdir never returns under /proc; one level at a time fails at once: a failed write.
    if (existsSync('/proc/self')) {
      await expect(knights.solve(task({ spill: '/proc/no-such/states' }))).rejects.toMatchObject({ name: 'WriteFailure', message: 'cannot write the states in /proc/no-such/states: no such file or folder, or it cannot be made there (ENOENT); nothing was kept: make it writable, or give -o spill a directory on another disk' });
    }
    // A run refused for its threads' memory makes no directory.
    expect(supports({ spill: join(scratch, 'refused'), threads: 256 })).toMatchObject({ ok: false, reason: expect.stringMatching(/256 threads of a spilled run would need about/) });
    expect(existsSync(join(scratch, 'refused'))).toBe(false);
    expect(supports({ spill: dir }, 8)).toMatchObject({ ok: false, reason: expect.stringMatching(/states of another run \(knight, 6×6, not knight, 8×6\)/) });
    expect(supports({ spill: dir }, 6, false)).toMatchObject({ ok: false, reason: expect.stringMatching(/states of another run \(knight, 6×6, not knight, 6×6, open\)/) });
    expect(supports({ spill: dir })).toMatchObject({ ok: true });
    // A frontier past 16 squares does not fit a state on disk.
    expect(supports({ spill: join(scratch, 'wide') }, 9, true, 9)).toMatchObject({ ok: false, reason: expect.stringMatching(/frontier on 9×9 is 18 squares; a state on disk holds at most 16/) });
    await expect(knights.solve(task({ spill: '' }))).rejects.toMatchObject({ code: 'ERR_OPTION', message: expect.stringMatching(/option spill of frontier must be text, not empty/) });
  });

  it('without -o spill keeps the states in a temporary directory: removed once the count is in, kept and named when the run stops', async () => {
    const task = (maxTimeMs: number, options: Task['options'] = { threads: 1 }): Task => ({
      problem: { kind: 'tour', board: { width: 6, height: 5 }, piece: 'knight', closed: false },
      goal: 'count',
      strategy: 'frontier',
      budget: { maxTimeMs },
      options,
    });
    const done = await knights.solve(task(600_000));
    expect(done).toMatchObject({ status: 'complete', count: 37568n, stats: { extra: { spilled: expect.stringMatching(/ \(removed\)$/) } } });
    expect(existsSync(String(done.stats.extra!.spilled).replace(/ \(removed\)$/, ''))).toBe(false);
    const stopped = await knights.solve(task(0));
    expect(stopped).toMatchObject({ status: 'budget', partial: { note: expect.stringMatching(/the same command with -o spill=\S+ resumes/) } });
    const kept = /-o spill=(\S+)/.exec(String((stopped as { partial: { note: string } }).partial.note))![1]!;
    expect(existsSync(join(kept, 'manifest.json'))).toBe(true);
    expect(await knights.solve(task(600_000, { threads: 1, spill: kept }))).toMatchObject({ status: 'complete', count: 37568n });
    rmSync(kept, { recursive: true, force: true });
  });
});
