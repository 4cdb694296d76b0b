import type { Ending } from './sandbox.js';

/** A student's verdict, by kind; the text says why ("forbidden: file read /etc/passwd"). */
export type VerdictKind = 'ok' | 'wrong answer' | 'not solved' | 'timeout' | 'crashed' | 'out-of-memory' | 'forbidden' | 'invalid';

/** Every kind, in the order a report lists them. */
export const VERDICT_KINDS: readonly VerdictKind[] = ['ok', 'not solved', 'wrong answer', 'timeout', 'crashed', 'out-of-memory', 'forbidden', 'invalid'];

export interface Verdict {
  readonly kind: VerdictKind;
  /** One line: the kind and its reason. */
  readonly text: string;
  /** One line: what to change so the next submission does better (absent for a clean ok). */
  readonly fix?: string;
}

/**
 * What became of one run. Only `solved` scores. `timeout` (ended at its budget + 1 s), `out-of-memory` and
 * `crashed` end the process; the next run starts in a fresh one.
 */
export type RunStatus = 'solved' | 'wrong answer' | 'not solved' | 'declined' | 'threw' | 'timeout' | 'out-of-memory' | 'crashed' | 'not run';

export interface RunReport {
  readonly label: string;
  readonly strategy?: string;
  readonly status: RunStatus;
  /** Why, in a line: the validator's complaint, the budget that ran out, the error. */
  readonly detail: string;
  /** On the grader's clock, from the request to the answer; absent for a run that never answered. */
  readonly ms?: number;
  readonly points: number;
}

/** Forbidden access disqualifies (no points); the other verdicts keep the points of the runs that were checked and solved. */
export const DISQUALIFYING: ReadonlySet<VerdictKind> = new Set(['forbidden', 'invalid']);

/** The words a V8 heap limit dies with. */
export const OUT_OF_MEMORY = /JavaScript heap out of memory|Reached heap limit|Allocation failed|FatalProcessOutOfMemory|ERR_WORKER_OUT_OF_MEMORY|RangeError: Array buffer allocation failed/;

const FIX = {
  forbidden:
    'a strategy may only compute: no files, network, processes, workers or signals; use what the run context gives (ctx.rng, ctx.clock, ctx.onSolution) and import only @bezzel/core and the bezzel packages in your package.json',
  timeout: 'check the budget in the search loop, if (ctx.clock.exhausted(steps)) return budget(...), every few thousand steps, so a run stops within its budget and returns what it has',
  loadTimeout: 'loading must be quick: do no search or endless loop at the top level of a module, only inside run()',
  memory: 'keep memory bounded: typed arrays sized once for the board, no growing arrays of states; the limit counts committed memory, not only the JS heap',
  crashed: 'run it with bezzel place … --plugin . on the same board and seed: the error above is where it stopped',
  invalid: 'make the folder a plugin as bezzel init plugin NAME --strategy makes it: package.json naming the entry, which default-exports pluginModule({ strategies: [...] })',
  threw: 'catch nothing you cannot handle, but never let run() throw: return budget(...) or impossible(...) instead',
  notSolved: 'solve within the budget: count steps against ctx.clock.exhausted(steps), restart from ctx.rng when stuck',
} as const;

/**
 * A student's verdict, from the worst that happened: invalid, then forbidden access (whatever followed it), then
 * loading that failed, then the runs' own ends (memory, time, a crash), then their answers.
 */
export function verdictOf(ending: Ending | undefined, problem: string | undefined, runs: readonly RunReport[], limits: { timeSeconds: number; memoryMb: number }): Verdict {
  if (problem !== undefined) return { kind: 'invalid', text: `invalid: ${problem}`, fix: FIX.invalid };
  if (!ending) return { kind: 'invalid', text: 'invalid: not run', fix: FIX.invalid };
  if (ending.forbidden.length > 0) {
    const more = ending.forbidden.length > 1 ? ` (and ${ending.forbidden.slice(1, 3).join(', ')}${ending.forbidden.length > 3 ? ', …' : ''})` : '';
    return { kind: 'forbidden', text: `forbidden: ${ending.forbidden[0]}${more}`, fix: FIX.forbidden };
  }
  if (!ending.loaded) {
    if (ending.killedFor === 'memory' || OUT_OF_MEMORY.test(ending.stderr)) return { kind: 'out-of-memory', text: `out-of-memory: over ${limits.memoryMb} MB (peak ${Math.round(ending.peakRssMb)} MB resident, ${Math.round(ending.peakCommittedMb)} MB committed) while loading the plugin`, fix: FIX.memory };
    if (ending.killedFor === 'timeout') return { kind: 'timeout', text: `timeout: still running after ${limits.timeSeconds} s while loading the plugin`, fix: FIX.loadTimeout };
    const loadError = /^cannot load the plugin|does not (default-export|load)/.test(runs[0]?.detail ?? '') ? runs[0]!.detail : undefined;
    if (loadError) return { kind: 'crashed', text: `crashed: ${loadError}`, fix: FIX.crashed };
    const how = ending.signal ? `killed by ${ending.signal}` : `exit code ${ending.code}`;
    return { kind: 'crashed', text: `crashed: ${how} while loading the plugin${lastWords(ending.stderr)}`, fix: FIX.crashed };
  }
  const first = (status: RunReport['status']) => runs.find((r) => r.status === status);
  const memory = first('out-of-memory');
  if (memory) return { kind: 'out-of-memory', text: `out-of-memory: ${memory.detail} (${memory.label})`, fix: FIX.memory };
  const late = first('timeout');
  if (late) return { kind: 'timeout', text: `timeout: ${late.detail} (${late.label})`, fix: FIX.timeout };
  const crash = first('crashed');
  if (crash) return { kind: 'crashed', text: `crashed: ${crash.detail} (${crash.label})`, fix: FIX.crashed };
  const wrong = first('wrong answer');
  if (wrong) return { kind: 'wrong answer', text: `wrong answer: ${wrong.detail} (${wrong.label})`, fix: wrongFix(wrong.detail) };
  const threw = first('threw');
  if (threw) return { kind: 'crashed', text: `crashed: ${threw.label} threw: ${threw.detail}`, fix: FIX.threw };
  const unsolved = runs.filter((r) => r.status !== 'solved');
  if (unsolved.length === runs.length) return { kind: 'not solved', text: `not solved: ${unsolved[0]?.detail ?? 'no runs'}`, fix: FIX.notSolved };
  if (unsolved.length === 0) return { kind: 'ok', text: `ok: ${runs.length === 1 ? 'the one run' : `all ${runs.length} runs`} solved` };
  return { kind: 'ok', text: `ok: ${runs.length - unsolved.length} of ${runs.length} runs solved`, fix: FIX.notSolved };
}

/** For a wrong answer: the first attacking pair (or illegal move) the validator named, and where to look. */
function wrongFix(detail: string): string {
  const pair = /(\S+) and (\S+) share (?:a|the) (\w+)/.exec(detail);
  if (pair) return `${pair[1]} and ${pair[2]} attack each other along a ${pair[3]}: check that your conflict test covers ${pair[3]}s, and run bezzel check on the answer`;
  return `the validator's words above say what is wrong: run bezzel check on the answer your strategy gives for that board and seed`;
}

/** What a run that ended its process died of, in a line: memory, a signal, an exit code, with its last words. */
export function runEnd(ending: Ending, memoryMb: number): { status: 'out-of-memory' | 'crashed'; detail: string } {
  if (ending.killedFor === 'memory' || OUT_OF_MEMORY.test(ending.stderr)) {
    return { status: 'out-of-memory', detail: `over ${memoryMb} MB (peak ${Math.round(ending.peakRssMb)} MB resident, ${Math.round(ending.peakCommittedMb)} MB committed)` };
  }
  const how = ending.signal ? `killed by ${ending.signal}` : `exit code ${ending.code}`;
  return { status: 'crashed', detail: `the process ended (${how})${lastWords(ending.stderr)}` };
}

/** The last meaningful line a dying process wrote, for a crash's reason. */
function lastWords(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^at |^Node\.js v|^\^+$|^\(Use `node/.test(l));
  const line = lines.find((l) => /^(\w*Error|Error)\b/.test(l)) ?? lines.at(-1);
  return line ? `: ${line.slice(0, 200)}` : '';
}
