/**
 * `bezzel grade`: every submission (a strategy plugin folder) run on an assignment, each in a sandboxed process
 * of its own, every answer checked here by the core's validator, then ranked. See sandbox.ts for the process and
 * child.ts for what runs in it.
 */
import { AnswerCheck, type Bezzel, StrategyError, UsageError } from '@bezzel/core';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { createCliBezzel, resolvePlugin } from '../plugins/load-plugins.js';
import { ChildGone, dependencyClosure, type Ending, nodeBlocksNetwork, packageRoot, permissionFlag, runSandboxed, stage, SubmissionProblem } from './sandbox.js';
import { planRuns, type GradeSpec, type PlannedRun } from './spec.js';
import { DISQUALIFYING, type RunReport, type Verdict, verdictOf } from './verdicts.js';

export interface StudentResult {
  readonly student: string;
  readonly rank: number;
  readonly verdict: Verdict;
  readonly points: number;
  readonly maxPoints: number;
  readonly solved: number;
  /** The grader's time for the runs that answered, in ms: the tie-break after points. */
  readonly timeMs: number;
  /** The strategies the plugin registers (when it loaded). */
  readonly strategies: readonly string[];
  readonly runs: readonly RunReport[];
  readonly peakRssMb: number;
  readonly elapsedMs: number;
  /** The last of what the submission wrote (at most 16 KB each), for its feedback. */
  readonly stderr: string;
  readonly stdout: string;
}

export interface GradeResult {
  readonly spec: GradeSpec;
  readonly students: readonly StudentResult[];
  readonly maxPoints: number;
  readonly gradedAt: string;
  readonly bezzel: string;
  readonly node: string;
  /** How each submission was run, for the reports: the permission flag and what was refused. */
  readonly isolation: string;
  /** Set when `signal` stopped the grading: `students` then holds only those graded before it, of `of`. */
  readonly stopped?: { readonly of: number };
}

export interface GradeRequest {
  readonly submissions: string;
  readonly spec: GradeSpec;
  /** The grader's own folder: staged copies go in `.staging/` inside it while they run. */
  readonly out: string;
  /** Submissions run side by side (each in its own process); 1 times them most fairly. */
  readonly jobs: number;
  readonly onStudent?: (result: Omit<StudentResult, 'rank'>) => void;
  /**
   * Ctrl-C: no submission is started after it, those running are ended, and their results (a child killed part
   * way, or one whose compiler the terminal's Ctrl-C stopped) are left out rather than given a verdict they did
   * not earn.
   */
  readonly signal?: AbortSignal;
}

export async function grade(request: GradeRequest): Promise<GradeResult> {
  const { spec } = request;
  const folder = resolve(request.submissions);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError('ERR_FOLDER', `${request.submissions}: not a folder of submissions`);
  const students = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort();
  if (students.length === 0) throw new UsageError('ERR_FOLDER', `${request.submissions} holds no submissions: one folder per student, each a plugin as bezzel init plugin makes it`);

  const { bezzel } = await createCliBezzel();
  const runs = planRuns(spec);
  // The assignment's own mistakes (an unknown piece, a board too small) are the teacher's: exit 2 before any run.
  for (const run of runs) {
    const instance = bezzel.instantiate({ ...run.core, strategy: 'auto' });
    if (!instance.ok) throw new UsageError('ERR_SPEC', `${run.label}: ${instance.error.message}`);
  }
  const maxPoints = runs.reduce((sum, run) => sum + run.task.points + (run.task.bonus?.points ?? 0), 0);

  // What the child may import: the core, the pieces the tasks use, and the bezzel packages a submission names.
  const known = new Map<string, string>();
  for (const pkg of ['@bezzel/core', ...Object.keys(packageJson.dependencies).filter((p) => p.startsWith('@bezzel/'))]) {
    const root = packageRoot(pkg);
    if (root) known.set(pkg, root);
  }
  const piecePlugins = [...new Set(spec.tasks.map((task) => bezzel.origin('piece', task.piece)).filter((name): name is string => name !== undefined))];
  const pieces = piecePlugins.map((name) => ({ name, url: resolvePlugin(name, process.cwd(), true) }));
  const core = import.meta.resolve('@bezzel/core');

  const staging = join(resolve(request.out), '.staging');
  rmSync(staging, { recursive: true, force: true });
  const results: Omit<StudentResult, 'rank'>[] = new Array(students.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < students.length && !request.signal?.aborted) {
      const index = next++;
      const student = students[index]!;
      const result = await gradeOne(student, join(folder, student), join(staging, String(index)), { spec, runs, bezzel, known, pieces, core, piecePlugins, ...(request.signal ? { signal: request.signal } : {}) });
      if (request.signal?.aborted) return;
      results[index] = result;
      request.onStudent?.(result);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(request.jobs, students.length)) }, worker));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const stopped = request.signal?.aborted === true;
  const ranked = rank(stopped ? results.filter((r) => r !== undefined) : results);
  return {
    spec,
    students: ranked,
    maxPoints,
    gradedAt: new Date().toISOString(),
    bezzel: packageJson.version,
    node: process.version,
    isolation: isolationNote(spec),
    ...(stopped ? { stopped: { of: students.length } } : {}),
  };
}

/** In words, how each submission ran: for the reports, so a reader knows what a verdict rests on. */
export function isolationNote(spec: GradeSpec): string {
  return [
    `each submission in its own Node ${process.version} process with ${permissionFlag()}: reads only its own folder and the bezzel packages it imports; no file writes, child processes, worker threads or native addons`,
    nodeBlocksNetwork() ? 'network refused by Node and by a fence in the process' : 'network refused by a fence in the process (the permission model of this Node does not cover sockets) and an empty environment',
    `${spec.limits.timeSeconds} s wall clock (then SIGKILL), ${spec.limits.memoryMb} MB heap and a resident-memory watchdog`,
    'every answer checked by the core’s validator in the grader, every run timed on the grader’s clock',
  ].join('; ');
}

interface Shared {
  readonly spec: GradeSpec;
  readonly runs: readonly PlannedRun[];
  readonly bezzel: Bezzel;
  readonly known: ReadonlyMap<string, string>;
  readonly pieces: readonly { name: string; url: string }[];
  readonly piecePlugins: readonly string[];
  readonly core: string;
  readonly signal?: AbortSignal;
}

async function gradeOne(student: string, folder: string, into: string, shared: Shared): Promise<Omit<StudentResult, 'rank'>> {
  const { spec, runs } = shared;
  const reports: RunReport[] = runs.map((run) => ({ label: run.label, status: 'not run', detail: 'not run', points: 0 }));
  let problem: string | undefined;
  let ending: Ending | undefined;
  let strategies: string[] = [];
  try {
    const staged = await stage(folder, into, shared.known);
    const imported = [...new Set([...staged.linked, ...shared.piecePlugins])].flatMap((pkg) => (shared.known.has(pkg) ? [shared.known.get(pkg)!] : []));
    ending = await runSandboxed({
      staged,
      readable: dependencyClosure(imported),
      config: { core: shared.core, pieces: shared.pieces },
      limits: spec.limits,
      ...(shared.signal ? { signal: shared.signal } : {}),
      drive: async (link) => {
        const ready = await link.ready;
        if (ready.type === 'load-error') {
          reports.forEach((_, i) => (reports[i] = { label: runs[i]!.label, status: 'not run', detail: ready.message.slice(0, 300), points: 0 }));
          return;
        }
        strategies = ready.strategies.map((s) => String(s.id)).slice(0, 50);
        for (const [i, run] of runs.entries()) {
          const strategy = chooseStrategy(spec.strategy, ready.strategies, run);
          if (!strategy.ok) {
            reports[i] = { label: run.label, status: 'declined', detail: strategy.reason, points: 0 };
            continue;
          }
          let reply;
          try {
            reply = await link.run({ ...run.core, strategy: strategy.id });
          } catch (error) {
            if (error instanceof ChildGone) {
              reports[i] = { label: run.label, strategy: strategy.id, status: 'not run', detail: 'the process ended during this run', points: 0 };
              return;
            }
            throw error;
          }
          reports[i] = judge(shared.bezzel, run, strategy.id, reply);
        }
      },
    });
  } catch (error) {
    if (!(error instanceof SubmissionProblem)) throw error;
    problem = error.message;
  }
  if (ending && !ending.loaded && strategies.length === 0 && problem === undefined) {
    const declared = /^(the plugin does not|cannot load)/.test(reports[0]?.detail ?? '') ? reports[0]!.detail : undefined;
    if (declared && /does not default-export/.test(declared)) problem = declared;
  }
  if (ending?.loaded && strategies.length === 0) problem = 'the plugin registers no strategy';
  else if (ending?.loaded && spec.strategy !== 'any' && !strategies.includes(spec.strategy)) problem = `the plugin registers no strategy ${spec.strategy} (it registers ${strategies.join(', ')})`;
  const verdict = verdictOf(ending, problem, reports, spec.limits);
  const disqualified = DISQUALIFYING.has(verdict.kind);
  const points = disqualified ? 0 : round(reports.reduce((sum, r) => sum + r.points, 0));
  return {
    student,
    verdict,
    points,
    maxPoints: runs.reduce((sum, run) => sum + run.task.points + (run.task.bonus?.points ?? 0), 0),
    solved: disqualified ? 0 : reports.filter((r) => r.status === 'solved').length,
    timeMs: round(reports.reduce((sum, r) => sum + (r.ms ?? 0), 0)),
    strategies,
    runs: reports,
    peakRssMb: Math.round(ending?.peakRssMb ?? 0),
    elapsedMs: Math.round(ending?.elapsedMs ?? 0),
    stderr: ending?.stderr ?? '',
    stdout: ending?.stdout ?? '',
  };
}

/** The strategy a run uses: the one the assignment names, or the plugin's first that does the problem with goal one. */
function chooseStrategy(wanted: string, offered: readonly { id: string; problems: readonly string[]; goals: readonly string[] }[], run: PlannedRun): { ok: true; id: string } | { ok: false; reason: string } {
  const fits = (s: (typeof offered)[number]) => Array.isArray(s.problems) && s.problems.includes(run.core.problem.kind) && Array.isArray(s.goals) && s.goals.includes('one');
  if (wanted !== 'any') {
    const named = offered.find((s) => s.id === wanted);
    if (!named) return { ok: false, reason: `the plugin registers no strategy ${wanted}` };
    return fits(named) ? { ok: true, id: wanted } : { ok: false, reason: `${wanted} does not do ${run.core.problem.kind} problems with goal one` };
  }
  const first = offered.find(fits);
  return first ? { ok: true, id: first.id } : { ok: false, reason: `the plugin registers no strategy for ${run.core.problem.kind} problems with goal one` };
}

/** One run's answer, checked here by the core (the child's word is never taken): points for a solution the validator accepts. */
function judge(bezzel: Bezzel, run: PlannedRun, strategy: string, reply: Awaited<ReturnType<Parameters<Parameters<typeof runSandboxed>[0]['drive']>[0]['run']>>): RunReport {
  const base = { label: run.label, strategy, ms: round(reply.ms) };
  if (reply.type === 'refused') return { ...base, status: 'declined', detail: reply.message.slice(0, 300), points: 0 };
  if (reply.type === 'threw') return { ...base, status: 'threw', detail: reply.message.slice(0, 300), points: 0 };
  if (reply.type !== 'answer') return { ...base, status: 'wrong answer', detail: 'an answer that is not one', points: 0 };
  const instance = bezzel.instantiate({ ...run.core, strategy });
  if (!instance.ok) throw instance.error;
  let outcome;
  try {
    const value = JSON.parse(String(reply.answer), (_key, v: unknown) => (typeof v === 'object' && v !== null && typeof (v as { $bigint?: unknown }).$bigint === 'string' && Object.keys(v).length === 1 ? BigInt((v as { $bigint: string }).$bigint) : v)) as unknown;
    outcome = new AnswerCheck(instance.value, strategy).outcome(value);
  } catch (error) {
    if (error instanceof StrategyError) return { ...base, status: 'wrong answer', detail: error.problem.replace(/^returned an invalid [^:]*: /, '').slice(0, 300), points: 0 };
    return { ...base, status: 'wrong answer', detail: `an answer that cannot be read (${(error as Error).message.split('\n')[0]})`, points: 0 };
  }
  switch (outcome.status) {
    case 'solved': {
      const bonus = run.task.bonus && reply.ms <= run.task.bonus.underMs ? run.task.bonus.points : 0;
      return { ...base, status: 'solved', detail: `solved, checked${bonus ? ` (+${bonus} for under ${run.task.bonus!.underMs} ms)` : ''}`, points: run.task.points + bonus };
    }
    case 'budget':
      return { ...base, status: 'not solved', detail: `the ${outcome.exhausted === 'time' ? 'time' : 'step'} budget ran out`, points: 0 };
    case 'impossible':
      return { ...base, status: 'not solved', detail: `says no solution exists (${String(outcome.reason).slice(0, 200)})`, points: 0 };
    default:
      return { ...base, status: 'not solved', detail: `ended ${outcome.status}`, points: 0 };
  }
}

/** By points (most first), then time (least first), then name; disqualified submissions last. */
function rank(results: readonly Omit<StudentResult, 'rank'>[]): StudentResult[] {
  const sorted = [...results].sort(
    (a, b) => Number(DISQUALIFYING.has(a.verdict.kind)) - Number(DISQUALIFYING.has(b.verdict.kind)) || b.points - a.points || a.timeMs - b.timeMs || a.student.localeCompare(b.student),
  );
  return sorted.map((result, i) => ({ ...result, rank: i + 1 }));
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
