import type { RunReport, Verdict } from './verdicts.js';

/** One student's grading: verdict, points, runs and what the submission wrote. */
export interface StudentResult {
  readonly student: string;
  readonly rank: number;
  readonly verdict: Verdict;
  readonly points: number;
  readonly maxPoints: number;
  readonly solved: number;
  /** The grader's time for the runs that answered, in ms: shown, never a tie-break (ties share a rank). */
  readonly timeMs: number;
  /** The strategies the plugin registers (when it loaded). */
  readonly strategies: readonly string[];
  readonly runs: readonly RunReport[];
  /** How many processes its runs took: one, and one more after each run that ended its process. */
  readonly processes: number;
  readonly peakRssMb: number;
  readonly elapsedMs: number;
  /** The last of what the submission wrote (at most 16 KB each), for its feedback. */
  readonly stderr: string;
  readonly stdout: string;
}
