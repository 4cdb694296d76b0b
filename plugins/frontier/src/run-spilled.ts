import { isWriteFailure, outOfRoom, systemReason, tourDirection, UsageError, WriteFailure, type Instance, type Outcome, type RunContext } from '@bezzel/core';
import { asWriteFailure, makeFolders, removeMade } from '@bezzel/files';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { frontierWidth, type OrderedGraph } from './graph.js';
import { spillDirProblem, spillRoot, temporarySpillDir } from './spill-dir.js';
import { countSpilled } from './spill.js';
import { SpillSweep } from './spill-sweep.js';
import { threadRunner } from './spill-threads.js';
import type { Route } from './route.js';

type TourInstance = Extract<Instance, { kind: 'tour' }>;

/** What a spilled run's manifest calls it. */
export const spillLabel = (instance: TourInstance) => `${instance.piece.name}, ${instance.board}`;

/** Why the directory a user gave cannot take this run's states, or undefined. */
export function spillProblem(instance: TourInstance, graph: OrderedGraph, dir: string): string | undefined {
  const sweep = new SpillSweep(graph, dir, instance.closed ? 'cycles' : 'paths', spillLabel(instance));
  return spillDirProblem(dir, sweep.signature, sweep.describe);
}

/**
 * The tours counted with the states on disk (`countSpilled`), in `dir` or, when the user gave none, in a fresh
 * directory under the system's temporary folder that is removed once the count is in: progress a square at a
 * time, Ctrl-C or the budget stop it between groups, and what is on disk is where a run resumes — the same
 * command with the same directory; a stopped run in a temporary directory keeps it and says how.
 */
export async function runSpilled(instance: TourInstance, graph: OrderedGraph, ctx: RunContext, route: Extract<Route, { kind: 'spilled' }>): Promise<Outcome> {
  const { dir: given, named, threads } = route;
  const started = performance.now();
  const walk = instance.closed ? 'cycles' : 'paths';
  const direction = tourDirection(instance.task) ?? 'directed';
  let dir = given ?? '';
  let runner: ReturnType<typeof threadRunner> | undefined;
  let seen = 0;
  let keep = given !== undefined;
  let made: string[] = [];
  try {
    if (given) made = makeFolders(given, named);
    else dir = temporary(`${instance.piece.id}-${instance.board.width}x${instance.board.height}`);
    const sweep = new SpillSweep(graph, dir, walk, spillLabel(instance));
    const stop = () => ctx.clock.exhausted(seen);
    runner = threadRunner(sweep, threads, stop);
    const result = await countSpilled(
      sweep,
      runner,
      (p) => {
        seen = p.seen;
        ctx.progress({ nodes: p.seen, done: p.step, total: graph.n, message: `square ${p.step + 1} of ${graph.n}: ${p.states.toLocaleString('en-US')} states, ${p.resumed ? 'on disk from before' : `group ${p.groupsDone} of ${p.groups}`}` });
      },
      stop,
    );
    const stats = {
      nodes: result.states,
      timeMs: performance.now() - started,
      extra: {
        counted: direction,
        frontier: frontierWidth(graph),
        peakStates: result.peakStates,
        spilled: given || result.stopped ? dir : `${dir} (removed)`,
        threads: runner.parallel,
        resumedSteps: result.resumedSteps,
        ...(result.stopped ? {} : { residues: `${result.high} mod 2^52, ${result.prime} mod 2^51-129` }),
      },
    };
    if (result.stopped) {
      keep = true;
      const where = `the states are in ${dir} (square ${result.stopped.step + 1} of ${graph.n} part done)`;
      const partial = { note: given ? `${where}, and the same command resumes from there` : `${where}; the same command with -o spill=${dir} resumes from there` };
      return ctx.clock.reason === 'aborted' ? { status: 'aborted', stats, partial } : { status: 'budget', exhausted: ctx.clock.reason === 'steps' ? 'steps' : 'time', stats, partial };
    }
    if (result.count === undefined) throw new Error("the count may pass what its two residues prove (Brégman's bound is over 2^102)");
    // Each walk once; directed, each both ways.
    return { status: 'complete', count: result.count * (direction === 'directed' ? 2n : 1n), stats };
  } catch (error) {
    if (isWriteFailure(error)) {
      const failure = spillWriteFailure(error, dir, named, made);
      keep = failure.kept;
      throw failure.error;
    }
    const code = (error as { code?: unknown }).code;
    if (code === 'EOTHERRUN') throw new UsageError('ERR_FOLDER', `${dir}: ${(error as Error).message}`);
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw new UsageError('ERR_FOLDER', `${dir}: ${systemReason(error)}`);
    throw error;
  } finally {
    await runner?.close();
    if (!keep && dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh temporary directory for the states; one that cannot be made is a failed write. */
function temporary(name: string): string {
  try {
    return temporarySpillDir(name);
  } catch (error) {
    throw asWriteFailure(error, `a directory for the states in ${spillRoot()}`);
  }
}

/**
 * A spilled run that could not write its states (a full disk, a read-only one): one line saying so and what is
 * left. In a directory the user gave, the groups of states finished are kept, which is where the same command
 * resumes once there is room; a directory this run made with nothing finished in it is taken away, so a failure
 * leaves nothing behind. A temporary directory is removed whatever it held.
 */
function spillWriteFailure(error: WriteFailure, dir: string, named: string | undefined, made: readonly string[]): { error: WriteFailure; kept: boolean } {
  const given = named !== undefined;
  const finished = given && existsSync(dir) && readdirSync(dir).some((entry) => entry === 'result.json' || (/^after-\d+$/.test(entry) && readdirSync(join(dir, entry)).some((file) => /^(group-\d+\.(bin|json)|done\.json)$/.test(file))));
  if (given && !finished) {
    if (made.length > 0) removeMade(made);
    else if (existsSync(dir)) for (const entry of readdirSync(dir)) if (entry === 'manifest.json' || /^after-\d+$/.test(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
  }
  const fix = outOfRoom(error) ? 'make room' : 'make it writable';
  const where = named ?? spillRoot();
  const advice = finished ? `the work finished is kept in ${named}: ${fix} and run the same command to resume` : `nothing was kept: ${fix}, or give -o spill a directory on another disk`;
  return { error: new WriteFailure(`the states in ${where}`, error.reason, advice), kept: finished };
}
