import { Board, createBezzel, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import frontier, { countWalks, orderedGraph } from './index.js';
import { countCyclesSpilled, cycleBoundLog2, fromResidues, MOD_HIGH, MOD_PRIME, SpillSweep, type SpillProgress } from './spill.js';

const knights = await createBezzel({ plugins: [knight, frontier] });
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-spill-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const graphOf = (width: number, height: number) => orderedGraph(new Board({ width, height }), knights.piece('knight')!);
const inThread = (sweep: SpillSweep) => async (step: number, group: number, groups: number, nextGroups: number) => sweep.runGroup(step, group, groups, nextGroups);

describe('frontier DP with the states on disk (spill)', () => {
  it('counts 6×6 and 5×8 closed tours in groups whose states are disjoint: the same states and count as in memory', async () => {
    for (const [width, height, expected] of [[6, 6, 9862n], [8, 5, 44202n]] as const) {
    const graph = graphOf(width, height);
    const memory = countWalks(graph, 'cycles', () => false);
    const sweep = new SpillSweep(graph, join(scratch, `whole-${width}x${height}`));
    let groups = 0;
    const result = await countCyclesSpilled(sweep, inThread(sweep), 1, (p) => (groups = Math.max(groups, p.groups)), () => false, 4000);
    expect(groups).toBeGreaterThanOrEqual(16);
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
    const stopped = await countCyclesSpilled(sweep, inThread(sweep), 1, progress, () => groupsRun >= 20, 20_000);
    expect(stopped.count).toBeUndefined();
    expect(stopped.stopped!.step).toBeGreaterThan(10);
    const onDisk = readdirSync(dir).filter((e) => e.startsWith('after-'));
    expect(onDisk.length).toBeLessThanOrEqual(2);
    groupsRun = 0;
    const resumed = await countCyclesSpilled(new SpillSweep(graph, dir), inThread(sweep), 1, progress, () => false, 20_000);
    expect(resumed.resumedSteps).toBeGreaterThan(10);
    expect(resumed.count).toBe(9862n);
    expect(existsSync(join(dir, 'result.json'))).toBe(true);
    const again = await countCyclesSpilled(new SpillSweep(graph, dir), inThread(sweep), 1, progress, () => false, 20_000);
    expect(again).toMatchObject({ count: 9862n, resumedSteps: graph.n });
  });

  it("refuses a directory that holds another run's states", async () => {
    const dir = join(scratch, 'other');
    const first = new SpillSweep(graphOf(6, 6), dir);
    await countCyclesSpilled(first, inThread(first), 1, () => {}, () => true);
    const second = new SpillSweep(graphOf(8, 6), dir);
    await expect(countCyclesSpilled(second, inThread(second), 1, () => {}, () => false)).rejects.toMatchObject({ code: 'EOTHERRUN' });
  });

  it('gets a count back from its residues mod 2⁵² and mod 2⁵¹ − 129 below their product', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 102n) - 1n }), (x) => {
        expect(fromResidues(Number(x % BigInt(MOD_HIGH)), Number(x % BigInt(MOD_PRIME)))).toBe(x);
      }),
    );
  });

  it("proves the 8×8 count below the residues' product (Brégman), but not that of a long narrow board", () => {
    const bound = cycleBoundLog2(graphOf(8, 8));
    expect(bound).toBeGreaterThan(Math.log2(13_267_364_410_532));
    expect(bound).toBeLessThan(102);
    expect(cycleBoundLog2(graphOf(60, 6))).toBeGreaterThan(102);
  });

  it('is the frontier strategy with -o spill: the count, directed or not; the run stops between groups and says how to resume', async () => {
    const task = (options: Task['options'], maxTimeMs = 600_000): Task => ({
      problem: { kind: 'tour', board: { width: 6, height: 6 }, piece: 'knight', closed: true },
      goal: 'count',
      strategy: 'frontier',
      budget: { maxTimeMs },
      options,
    });
    const dir = join(scratch, 'strategy');
    expect(await knights.solve(task({ spill: dir, threads: 2 }))).toMatchObject({ status: 'complete', count: 9862n });
    expect(await knights.solve(task({ spill: join(scratch, 'directed'), direction: 'directed' }))).toMatchObject({ status: 'complete', count: 19724n });
    const stopped = await knights.solve(task({ spill: join(scratch, 'stopped') }, 0));
    expect(stopped).toMatchObject({ status: 'budget', partial: { note: expect.stringMatching(/same command resumes/) } });
    const open = knights.instantiate({ ...task({ spill: dir }), problem: { kind: 'tour', board: { width: 6, height: 6 }, piece: 'knight', closed: false } });
    if (!open.ok) throw open.error;
    expect(knights.strategy('frontier')!.supports(open.value)).toMatchObject({ ok: false, reason: expect.stringMatching(/closed tours/) });
    // A directory that cannot take the states is said before the run, in one line.
    const supports = (options: Task['options'], width = 6) => {
      const instance = knights.instantiate({ ...task(options), problem: { kind: 'tour', board: { width, height: 6 }, piece: 'knight', closed: true } });
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
    expect(supports({ spill: dir })).toMatchObject({ ok: true });
    // Threads are a spilled run's; an empty directory is no directory (it was the current one).
    expect(supports({ threads: 2 })).toMatchObject({ ok: false, reason: expect.stringMatching(/-o threads is for a spilled run/) });
    await expect(knights.solve(task({ spill: '' }))).rejects.toMatchObject({ code: 'ERR_OPTION', message: expect.stringMatching(/option spill of frontier must be text, not empty/) });
  });
});
