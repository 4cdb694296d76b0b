import { inert, quoted, UsageError } from '@bezzel/core';
import { Command, Option } from 'commander';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { systemReason } from '../output/output-failure.js';
import { EXIT, type SetExit } from '../exit.js';
import { onInterrupt } from '../solve/interrupt.js';
import { userCwd } from '../plugins/load-plugins.js';
import { out } from '../output/write-out.js';
import { MiB, readBounded } from '../options/user-file.js';

interface GradeOptions {
  readonly spec: string;
  readonly outDir: string;
  readonly jobs: number;
  readonly format: 'text' | 'json' | 'gradescope' | 'junit' | 'gradebook';
}

const EXAMPLES = `
Each folder in SUBMISSIONS is one student's strategy plugin, as \`bezzel init plugin NAME --strategy\` makes it
(TypeScript or JavaScript; its node_modules is not needed); a folder that is itself a plugin is one submission.
Each runs in a Node process of its own under Node's permission model, in a process group (and on Linux a PID
namespace) of its own: it reads only its own folder and the bezzel packages it imports, writes nothing, starts
no process or thread, signals no other process, and its sockets are refused. Loading has the time limit; each
run ends at its budget + 1 s (the next starts afresh); memory is watched. Every answer is checked by the core's
validator here, never in the student's process.

An assignment (YAML or JSON):
  title: N queens, week 5
  strategy: any                     # or the strategy id every plugin must register
  limits: { timeSeconds: 60, memoryMb: 256 }
  tasks:
    - piece: queen                  # problem: placement (default), tour or dominate
      sizes: [8, 16]
      seeds: [1, 2, 3]              # or runs: 5 and seed: 1
      budget: { maxSteps: 1000000, maxTimeMs: 2000 }
      points: 1                     # per solved run
      bonus: { underMs: 100, points: 0.5 }

Writes OUT-DIR/leaderboard.csv, .json and .html, feedback/STUDENT.md, junit.xml, gradebook.csv (Canvas, Moodle)
and Gradescope's results.json. Verdicts: ok, not solved, wrong answer: …, timeout, crashed: …, out-of-memory,
forbidden: … (scores nothing), invalid: … (scores nothing). Equal points share a rank. Stopped (Ctrl-C, even
SIGKILL), the same command grades only the students not yet graded.

Examples:
  bezzel grade submissions/ --spec assignment.yaml --out-dir grades/
  bezzel grade /autograder/submission --spec assignment.yaml --out-dir /autograder/results --format gradescope`;

/** `bezzel grade SUBMISSIONS --spec FILE`: every student's plugin run on an assignment, checked, ranked. */
export function gradeCommand(setExit: SetExit): Command {
  return new Command('grade')
    .description("run every student's strategy plugin on an assignment, each sandboxed, every answer checked; write a leaderboard and feedback")
    .argument('<submissions>', 'a folder with one plugin folder per student')
    .requiredOption('--spec <file>', 'the assignment: a .yaml, .yml or .json file (see below)')
    .option('--out-dir <folder>', 'the folder the leaderboard and the feedback go in (made if missing)', 'grades')
    .option('--jobs <n>', 'submissions run side by side, each in its own process (1 times them most fairly)', jobs, 1)
    .addOption(new Option('--format <format>', "what stdout shows: the leaderboard as text or JSON, Gradescope's results.json (one submission), JUnit XML, or the gradebook CSV (Canvas, Moodle); every format is written to OUT-DIR").choices(['text', 'json', 'gradescope', 'junit', 'gradebook']).default('text'))
    .addHelpText('after', EXAMPLES)
    .action(async (submissions: string, options: GradeOptions) => {
      // Loaded only here: no other command needs the sandbox or the reports.
      const [{ readSpecText }, { parseGradeSpec }, { grade }, { writeReports, leaderboardJson }] = await Promise.all([import('@bezzel/experiment'), import('../grade/spec.js'), import('../grade/grade.js'), import('../grade/report.js')]);
      const specPath = resolve(userCwd(), options.spec);
      let text: string;
      try {
        text = readBounded(specPath, 16 * MiB);
      } catch (error) {
        throw new UsageError('ERR_SPEC', `cannot read ${options.spec}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message.split('\n')[0]}`);
      }
      const spec = parseGradeSpec((await readSpecText(text, options.spec)).spec, options.spec);
      const outDir = resolve(userCwd(), options.outDir);
      const folder = resolve(userCwd(), submissions);
      const inside = relative(folder, outDir);
      if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) throw new UsageError('ERR_OPTION', `--out-dir ${inert(options.outDir)} is inside the submissions folder: put the grades elsewhere`);
      outFolder(options.outDir, outDir);
      const controller = new AbortController();
      const stopListening = onInterrupt(controller);
      let result;
      try {
        result = await grade({
          submissions: folder,
          spec,
          out: outDir,
          jobs: options.jobs,
          signal: controller.signal,
          onStudent: (s, resumed) => process.stderr.write(`graded ${inert(s.student)}: ${s.points} points, ${inert(s.verdict.text)}${resumed ? ' (from the stopped run before)' : ''}\n`),
        });
      } finally {
        stopListening();
      }
      for (const skip of result.skipped) process.stderr.write(`bezzel: skipped ${quoted(skip.name)}: ${skip.reason}\n`);
      if (result.resumed > 0) process.stderr.write(`bezzel: ${result.resumed} of ${result.students.length + result.ungraded.length} results kept from the grading stopped before (same assignment, same files)\n`);
      const written = writeReports(result, outDir);
      for (const fold of written.folded) process.stderr.write(`bezzel: the file system folds ${quoted(fold.student)} onto another student's feedback name (case or accents): wrote ${inert(fold.file)}\n`);
      if (options.format === 'json') out(JSON.stringify(leaderboardJson(result, new Map([...written.feedback].map(([k, v]) => [k, basename(v)]))), null, 2));
      else if (options.format === 'gradescope') out(readFileSync(written.gradescope.length === 1 ? written.gradescope[0]! : written.json, 'utf8').trimEnd());
      else if (options.format === 'junit') out(readFileSync(written.junit, 'utf8').trimEnd());
      else if (options.format === 'gradebook') out(readFileSync(written.gradebook, 'utf8').trimEnd());
      else {
        out(`${inert(spec.title)}: ${result.students.length} submissions, ${result.maxPoints} points possible`);
        const width = Math.max(7, ...result.students.map((s) => inert(s.student).length));
        out(`${'rank'.padStart(4)}  ${'student'.padEnd(width)}  ${'points'.padStart(6)}  ${'solved'.padStart(6)}  ${'time ms'.padStart(8)}  verdict`);
        for (const s of result.students) {
          out(`${String(s.rank).padStart(4)}  ${inert(s.student).padEnd(width)}  ${String(s.points).padStart(6)}  ${`${s.solved}/${s.runs.length}`.padStart(6)}  ${s.timeMs.toFixed(0).padStart(8)}  ${inert(s.verdict.text)}`);
        }
        out(`Wrote ${written.csv}, ${written.json}, ${written.html}, ${written.junit}, ${written.gradebook}, ${written.gradescope.length === 1 ? written.gradescope[0] : `${written.gradescope.length} Gradescope results`} and ${written.feedback.size} feedback files in ${resolve(outDir, 'feedback')}`);
      }
      if (result.stopped) {
        // The journal stays: the same command grades only the students not yet graded.
        process.stderr.write(`bezzel: stopped after grading ${result.students.length} of ${result.stopped.of} submissions; the leaderboard lists those and names the others as not graded: run the same command again to grade the rest\n`);
        return setExit(EXIT.interrupted);
      }
      result.journal.clear();
      setExit(EXIT.answered);
    });
}

/**
 * The folder the reports go in, made now if missing: one that cannot be (a file, a device, a place where nothing
 * can be made) was found out only when the grader staged its first submission (exit 70) or after every run.
 */
function outFolder(given: string, path: string): void {
  if (given === '') throw new UsageError('ERR_OPTION', '--out-dir "" names no folder: give one (made if missing)');
  try {
    makeFolder(path);
    if (!statSync(path).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    accessSync(path, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'it is not a folder' : systemReason(error);
    throw new UsageError('ERR_OPTION', `--out-dir ${inert(given)}: ${why}`);
  }
}

/**
 * mkdir -p, one level at a time: Node's own recursive mkdir never returns for a path under /proc (it retries the
 * ENOENT of a folder that cannot be made there for ever).
 */
function makeFolder(path: string): void {
  if (existsSync(path)) return;
  const parent = dirname(path);
  if (parent !== path) makeFolder(parent);
  mkdirSync(path);
}

function jobs(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError('ERR_OPTION', `--jobs must be a whole number from 1 to 64, not ${JSON.stringify(value)}`);
  return n;
}
