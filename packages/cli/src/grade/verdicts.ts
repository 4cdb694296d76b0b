import type { Ending } from './sandbox.js';

/** A student's verdict, by kind; the text says why ("forbidden: file read /etc/passwd"). */
export type VerdictKind = 'ok' | 'wrong answer' | 'not solved' | 'timeout' | 'crashed' | 'out-of-memory' | 'forbidden' | 'invalid';

export interface Verdict {
  readonly kind: VerdictKind;
  /** One line: the kind and its reason. */
  readonly text: string;
}

/** What became of one run. Only `solved` scores. */
export type RunStatus = 'solved' | 'wrong answer' | 'not solved' | 'declined' | 'threw' | 'not run';

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
const OUT_OF_MEMORY = /JavaScript heap out of memory|Reached heap limit|Allocation failed|FatalProcessOutOfMemory|ERR_WORKER_OUT_OF_MEMORY|RangeError: Array buffer allocation failed/;

/**
 * A student's verdict, from the worst that happened: forbidden access first (whatever followed it), then the
 * process's end (memory, time, a crash), then the plugin not loading, then the runs themselves.
 */
export function verdictOf(ending: Ending | undefined, problem: string | undefined, runs: readonly RunReport[], limits: { timeSeconds: number; memoryMb: number }): Verdict {
  if (problem !== undefined) return { kind: 'invalid', text: `invalid: ${problem}` };
  if (!ending) return { kind: 'invalid', text: 'invalid: not run' };
  if (ending.forbidden.length > 0) return { kind: 'forbidden', text: `forbidden: ${ending.forbidden[0]}${ending.forbidden.length > 1 ? ` (and ${ending.forbidden.slice(1, 3).join(', ')}${ending.forbidden.length > 3 ? ', …' : ''})` : ''}` };
  const unfinished = runs.find((r) => r.status === 'not run');
  const where = ending.loaded ? (unfinished ? ` during ${unfinished.label}` : '') : ' while loading the plugin';
  if (ending.killedFor === 'memory' || OUT_OF_MEMORY.test(ending.stderr)) {
    return { kind: 'out-of-memory', text: `out-of-memory: over ${limits.memoryMb} MB heap (peak ${Math.round(ending.peakRssMb)} MB resident)${where}` };
  }
  if (ending.killedFor === 'timeout') return { kind: 'timeout', text: `timeout: still running after ${limits.timeSeconds} s${where}` };
  const loadError = /^cannot load the plugin|does not (default-export|load)/.test(runs[0]?.detail ?? '') ? runs[0]!.detail : undefined;
  if (!ending.loaded && loadError) return { kind: 'crashed', text: `crashed: ${loadError}` };
  if (unfinished || !ending.loaded) {
    const how = ending.signal ? `killed by ${ending.signal}` : `exit code ${ending.code}`;
    return { kind: 'crashed', text: `crashed: ${how}${where}${lastWords(ending.stderr)}` };
  }
  const wrong = runs.find((r) => r.status === 'wrong answer');
  if (wrong) return { kind: 'wrong answer', text: `wrong answer: ${wrong.detail} (${wrong.label})` };
  const threw = runs.find((r) => r.status === 'threw');
  if (threw) return { kind: 'crashed', text: `crashed: ${threw.label} threw: ${threw.detail}` };
  const unsolved = runs.filter((r) => r.status !== 'solved');
  if (unsolved.length === runs.length) return { kind: 'not solved', text: `not solved: ${unsolved[0]?.detail ?? 'no runs'}` };
  return { kind: 'ok', text: unsolved.length === 0 ? `ok: ${runs.length === 1 ? 'the one run' : `all ${runs.length} runs`} solved` : `ok: ${runs.length - unsolved.length} of ${runs.length} runs solved` };
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
