/**
 * `bezzel grade`: every submission (a strategy plugin folder) run on an assignment, each in a sandboxed process
 * of its own, every answer checked here by the core's validator, then ranked. See sandbox.ts for the process and
 * child.ts for what runs in it.
 */
import { AnswerCheck, type Bezzel, quoted, StrategyError, UsageError } from '@bezzel/core';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import { betzaArgument } from '../options/betza-arg.js';
import { createCliBezzel, resolvePlugin } from '../plugins/load-plugins.js';
import type { ChildConfig } from './child.js';
import { confinement, confinementNote, endLeftovers } from './isolation.js';
import { Journal, journalKey } from './journal.js';
import type { StudentResult } from './student-result.js';
import { ChildGone, dependencyClosure, type Ending, nodeBlocksNetwork, packageRoot, permissionFlag, RunOverBudget, runSandboxed, stage, SubmissionProblem } from './sandbox.js';
import { planRuns, RUN_GRACE_MS, type GradeSpec, type PlannedRun } from './spec.js';
import { DISQUALIFYING, type RunReport, runEnd, type Verdict, verdictOf } from './verdicts.js';

export type { StudentResult } from './student-result.js';

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
  /** The students not graded (the grading was stopped before or while they ran). */
  readonly ungraded: readonly string[];
  /** Entries of the submissions folder that are not submissions, with the reason. */
  readonly skipped: readonly Skipped[];
  /** Students whose results came from an earlier, stopped start (the journal). */
  readonly resumed: number;
  /** Where each result was written as it came; cleared once the reports are written whole. */
  readonly journal: Journal;
}

export interface GradeRequest {
  readonly submissions: string;
  readonly spec: GradeSpec;
  /** The grader's own folder: staged copies go in `.staging/` inside it while they run. */
  readonly out: string;
  /** Submissions run side by side (each in its own process); 1 times them most fairly. */
  readonly jobs: number;
  /** Each student as soon as it is known; `resumed` when an earlier start had graded it (the journal). */
  readonly onStudent?: (result: Omit<StudentResult, 'rank'>, resumed: boolean) => void;
  /**
   * Ctrl-C: no submission is started after it, every process group started is ended, and the students cut part way
   * are left out (ungraded) rather than given a verdict they did not earn; the next start grades them.
   */
  readonly signal?: AbortSignal;
}

export async function grade(request: GradeRequest): Promise<GradeResult> {
  const { spec } = request;
  const folder = resolve(request.submissions);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError('ERR_FOLDER', `${request.submissions}: not a folder of submissions`);
  const { students, skipped, single } = listSubmissions(folder);
  const pathOf = (student: string) => (single ? folder : join(folder, student));
  if (students.length === 0) {
    const why = skipped.length ? ` (skipped: ${skipped.map((s) => `${quoted(s.name)}, ${s.reason}`).join('; ')})` : '';
    throw new UsageError('ERR_FOLDER', `${request.submissions} holds no submissions: one folder per student, each a plugin as bezzel init plugin makes it${why}`);
  }

  // A piece given in Betza notation (`piece: betza:NF`) is made on the spot, here and in each submission's process.
  const made = await Promise.all(spec.tasks.map(async (task) => [task.piece, await betzaArgument(task.piece)] as const));
  const adHoc = [...new Map(made.flatMap(([text, piece]) => (piece ? [[text, piece] as const] : []))).entries()];
  const { bezzel } = await createCliBezzel([], adHoc.map(([, made]) => made.plugin));
  const pieceOf = new Map(adHoc.map(([text, made]) => [text, made.id]));
  const runs = planRuns({ ...spec, tasks: spec.tasks.map((task) => (pieceOf.has(task.piece) ? { ...task, piece: pieceOf.get(task.piece)! } : task)) });
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
  const piecePlugins = [...new Set(spec.tasks.filter((task) => !pieceOf.has(task.piece)).map((task) => bezzel.origin('piece', task.piece)).filter((name): name is string => name !== undefined))];
  const pieces = piecePlugins.map((name) => ({ name, url: resolvePlugin(name, process.cwd(), true) }));
  if (adHoc.length > 0) piecePlugins.push('@bezzel/fairy');
  const betza = adHoc.length > 0 ? { url: import.meta.resolve('@bezzel/fairy'), notations: adHoc.map(([text]) => text.replace(/^\s*betza:/i, '')) } : undefined;
  const core = import.meta.resolve('@bezzel/core');

  const journal = new Journal(resolve(request.out), journalKey(spec, packageJson.version));
  const staging = join(resolve(request.out), '.staging');
  // A grader killed part way (kill -9) may have left submissions running where no PID namespace ended them.
  endLeftovers(staging);
  rmSync(staging, { recursive: true, force: true });
  const results: (Omit<StudentResult, 'rank'> | undefined)[] = new Array(students.length);
  let resumed = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < students.length && !request.signal?.aborted) {
      const index = next++;
      const student = students[index]!;
      const earlier = journal.find(student, pathOf(student));
      if (earlier) {
        resumed++;
        results[index] = earlier;
        request.onStudent?.(earlier, true);
        continue;
      }
      const result = await gradeOne(student, pathOf(student), join(staging, String(index)), { spec, runs, bezzel, known, pieces, core, piecePlugins, ...(betza ? { betza } : {}), ...(request.signal ? { signal: request.signal } : {}) });
      // A student whose runs were cut by the stop has no result: the next start grades it whole.
      if (request.signal?.aborted) return;
      results[index] = result;
      journal.record(result, pathOf(student));
      request.onStudent?.(result, false);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(request.jobs, students.length)) }, worker));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const graded = results.filter((r): r is Omit<StudentResult, 'rank'> => r !== undefined);
  const stopped = graded.length < students.length;
  return {
    spec,
    students: rank(graded),
    ungraded: students.filter((_, i) => results[i] === undefined),
    skipped,
    resumed,
    maxPoints,
    gradedAt: new Date().toISOString(),
    bezzel: packageJson.version,
    node: process.version,
    isolation: isolationNote(spec),
    journal,
    ...(stopped ? { stopped: { of: students.length } } : {}),
  };
}

/** A folder left out, and why: a person reads this list to see that nobody was lost. */
export interface Skipped {
  readonly name: string;
  readonly reason: string;
}

/**
 * The students: every folder of the submissions folder; anything else is listed with the reason it is not one. A
 * folder that is itself a plugin (a package.json at its top: Gradescope's /autograder/submission, a GitHub
 * Classroom repository) is one submission, named after the folder.
 */
export function listSubmissions(folder: string): { students: string[]; skipped: Skipped[]; single: boolean } {
  if (existsSync(join(folder, 'package.json'))) return { students: [basename(folder)], skipped: [], single: true };
  const students: string[] = [];
  const skipped: Skipped[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const { name } = entry;
    if (name === 'node_modules') skipped.push({ name, reason: 'node_modules is never a submission' });
    else if (entry.isSymbolicLink()) skipped.push({ name, reason: 'a symbolic link (not followed: it could name any folder; copy the submission in instead)' });
    else if (!entry.isDirectory()) skipped.push({ name, reason: 'a file, not a folder' });
    else if (name.startsWith('.')) skipped.push({ name, reason: 'a hidden folder (its name starts with a dot: rename it to grade it)' });
    else students.push(name);
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { students: students.sort(order), skipped: skipped.sort((a, b) => order(a.name, b.name)), single: false };
}

/** In words, how each submission ran: for the reports, so a reader knows what a verdict rests on. */
export function isolationNote(spec: GradeSpec): string {
  return [
    `each submission in its own Node ${process.version} process with ${permissionFlag()}, ${confinementNote(confinement())}: reads only its own folder and the bezzel packages it imports; no file writes, child processes, worker threads, native addons or signals to other processes`,
    nodeBlocksNetwork() ? 'network refused by Node and by a fence in the process' : 'network refused by a fence in the process (the permission model of this Node does not cover sockets) and an empty environment',
    `refusals reported on a pipe the submission's code cannot silence`,
    `${spec.limits.timeSeconds} s to load, each run ended at its time budget + ${RUN_GRACE_MS / 1000} s (the next in a fresh process), ${spec.limits.memoryMb} MB heap and a watchdog on resident and committed memory`,
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
  readonly betza?: ChildConfig['betza'];
  readonly core: string;
  readonly signal?: AbortSignal;
}

async function gradeOne(student: string, folder: string, into: string, shared: Shared): Promise<Omit<StudentResult, 'rank'>> {
  const { spec, runs } = shared;
  const reports: RunReport[] = runs.map((run) => ({ label: run.label, status: 'not run', detail: 'not run', points: 0 }));
  let problem: string | undefined;
  const endings: Ending[] = [];
  let strategies: string[] = [];
  try {
    const staged = await stage(folder, into, shared.known);
    const imported = [...new Set([...staged.linked, ...shared.piecePlugins])].flatMap((pkg) => (shared.known.has(pkg) ? [shared.known.get(pkg)!] : []));
    const readable = dependencyClosure(imported);
    // One process until a run ends it (past its budget + 1 s, out of memory, crashed); then a fresh one for the rest.
    let next = 0;
    while (next < runs.length && !shared.signal?.aborted) {
      let ended: number | undefined;
      const ending = await runSandboxed({
        staged,
        readable,
        config: { core: shared.core, pieces: shared.pieces, ...(shared.betza ? { betza: shared.betza } : {}) },
        limits: spec.limits,
        ...(shared.signal ? { signal: shared.signal } : {}),
        drive: async (link) => {
          const ready = await link.ready;
          if (ready.type === 'load-error') {
            for (let i = next; i < runs.length; i++) reports[i] = { label: runs[i]!.label, status: 'not run', detail: ready.message.slice(0, 300), points: 0 };
            next = runs.length;
            return;
          }
          strategies = ready.strategies.map((s) => String(s.id)).slice(0, 50);
          for (; next < runs.length; next++) {
            const run = runs[next]!;
            const strategy = chooseStrategy(spec.strategy, ready.strategies, run);
            if (!strategy.ok) {
              reports[next] = { label: run.label, status: 'declined', detail: strategy.reason, points: 0 };
              continue;
            }
            const deadline = run.task.budget.maxTimeMs + RUN_GRACE_MS;
            try {
              reports[next] = judge(shared.bezzel, run, strategy.id, await link.run({ ...run.core, strategy: strategy.id }, deadline));
            } catch (error) {
              if (error instanceof RunOverBudget) reports[next] = { label: run.label, strategy: strategy.id, status: 'timeout', detail: `still running ${RUN_GRACE_MS / 1000} s past its ${run.task.budget.maxTimeMs} ms budget, ended`, ms: deadline, points: 0 };
              else if (error instanceof ChildGone) reports[next] = { label: run.label, strategy: strategy.id, status: 'crashed', detail: 'the process ended during this run', points: 0 };
              else throw error;
              ended = next++;
              return;
            }
          }
        },
      });
      endings.push(ending);
      if (ended !== undefined && reports[ended]!.status === 'crashed') reports[ended] = { ...reports[ended]!, ...runEnd(ending, spec.limits.memoryMb) };
      // A run ended at its deadline with its memory at the limit was filling it (a loaded machine slows the last
      // collections of a full heap past the deadline): out of memory says what to fix.
      if (ended !== undefined && reports[ended]!.status === 'timeout' && ending.peakRssMb >= NEAR_LIMIT * spec.limits.memoryMb) {
        reports[ended] = { ...reports[ended]!, status: 'out-of-memory', detail: `at its ${spec.limits.memoryMb} MB limit (peak ${Math.round(ending.peakRssMb)} MB resident) when its time ran out` };
      }
      // Forbidden scores nothing whatever follows; a plugin that did not load will not load the next time either.
      if (ending.forbidden.length > 0 || !ending.loaded || shared.signal?.aborted) break;
    }
  } catch (error) {
    if (!(error instanceof SubmissionProblem)) throw error;
    problem = error.message;
  }
  const ending = combine(endings);
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
    timeMs: round(reports.reduce((sum, r) => sum + (r.status === 'solved' || r.status === 'not solved' || r.status === 'wrong answer' ? (r.ms ?? 0) : 0), 0)),
    strategies,
    runs: reports,
    processes: endings.length,
    peakRssMb: Math.round(ending?.peakRssMb ?? 0),
    elapsedMs: Math.round(ending?.elapsedMs ?? 0),
    stderr: ending?.stderr ?? '',
    stdout: ending?.stdout ?? '',
  };
}

/** The share of the memory limit a run's process must have reached for a run ended at its deadline to be out of memory. */
const NEAR_LIMIT = 0.9;

/** The processes of one submission as one: every refusal, the largest memory, the time in all, the last output. */
function combine(endings: readonly Ending[]): Ending | undefined {
  const last = endings.at(-1);
  if (!last) return undefined;
  return {
    ...last,
    loaded: endings[0]!.loaded,
    ...(endings[0]!.loaded ? {} : endings[0]!.killedFor ? { killedFor: endings[0]!.killedFor } : {}),
    forbidden: [...new Set(endings.flatMap((e) => e.forbidden))],
    peakRssMb: Math.max(...endings.map((e) => e.peakRssMb)),
    peakCommittedMb: Math.max(...endings.map((e) => e.peakCommittedMb)),
    elapsedMs: endings.reduce((sum, e) => sum + e.elapsedMs, 0),
    stderr: endings.map((e) => e.stderr).filter(Boolean).join('\n').slice(-16 * 1024),
    stdout: endings.map((e) => e.stdout).filter(Boolean).join('\n').slice(-16 * 1024),
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

/**
 * By points (most first); equal points share a rank (1, 2, 2, 4), listed by name: milliseconds on a shared machine
 * are no fair tie-break. Disqualified submissions come last.
 */
export function rank(results: readonly Omit<StudentResult, 'rank'>[]): StudentResult[] {
  const out = (r: Omit<StudentResult, 'rank'>) => Number(DISQUALIFYING.has(r.verdict.kind));
  const sorted = [...results].sort((a, b) => out(a) - out(b) || b.points - a.points || (a.student < b.student ? -1 : a.student > b.student ? 1 : 0));
  let shown = 0;
  return sorted.map((result, i) => {
    const previous = sorted[i - 1];
    if (!previous || out(previous) !== out(result) || previous.points !== result.points) shown = i + 1;
    return { ...result, rank: shown };
  });
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
