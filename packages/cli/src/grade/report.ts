/**
 * What `bezzel grade` writes: the leaderboard as CSV, JSON and one self-contained HTML page (a table and an SVG
 * bar chart, no external assets), and one feedback file per student. Everything a submission said (its name, its
 * error messages, its output) is escaped wherever it lands.
 */
import { existsSync, readFileSync } from 'node:fs';
import { makeFolders, writeWhole } from '@bezzel/files';
import { join } from 'node:path';
import { csvCell, fenced, html as escapeHtml, markdown } from './escape.js';
import type { GradeResult, StudentResult } from './grade.js';
import { studentFile, unfoldedFile } from './names.js';
import { gradebookCsv, gradescopeResults, junitXml } from './school-formats.js';

export interface WrittenReports {
  readonly csv: string;
  readonly json: string;
  readonly html: string;
  readonly junit: string;
  readonly gradebook: string;
  /** Gradescope's results.json: one file for one submission, else one per student in gradescope/. */
  readonly gradescope: readonly string[];
  readonly feedback: ReadonlyMap<string, string>;
  /** Students whose feedback file the file system folded onto another's name (case, Unicode): written under a second name. */
  readonly folded: readonly { readonly student: string; readonly file: string }[];
}

/** Every report, each file written whole (temporary name, then renamed). */
export function writeReports(result: GradeResult, out: string): WrittenReports {
  makeFolders(join(out, 'feedback'));
  const { feedback, folded } = writeFeedback(result, out);
  const files = { csv: join(out, 'leaderboard.csv'), json: join(out, 'leaderboard.json'), html: join(out, 'leaderboard.html'), junit: join(out, 'junit.xml'), gradebook: join(out, 'gradebook.csv') };
  writeWhole(files.csv, leaderboardCsv(result));
  writeWhole(files.json, `${JSON.stringify(leaderboardJson(result, feedback), null, 2)}\n`);
  writeWhole(files.html, leaderboardHtml(result, feedback));
  writeWhole(files.junit, junitXml(result));
  writeWhole(files.gradebook, gradebookCsv(result));
  const gradescope: string[] = [];
  if (result.students.length === 1 && result.ungraded.length === 0) {
    const file = join(out, 'results.json');
    writeWhole(file, `${JSON.stringify(gradescopeResults(result, result.students[0]!), null, 2)}\n`);
    gradescope.push(file);
  } else {
    makeFolders(join(out, 'gradescope'));
    for (const student of result.students) {
      const file = join(out, 'gradescope', `${feedback.get(student.student)!.replace(/\.md$/, '')}.json`);
      writeWhole(file, `${JSON.stringify(gradescopeResults(result, student), null, 2)}\n`);
      gradescope.push(file);
    }
  }
  return { ...files, gradescope, feedback: new Map([...feedback].map(([student, name]) => [student, join(out, 'feedback', name)])), folded };
}

/**
 * One feedback file per student, named by {@link studentFile} (no two students share a name). A file system that
 * folds names (case, Unicode normalisation: macOS, Windows) can still put two on one file: each file says whose it
 * is on its first line, so every file is read back, and a student whose file now holds another's is written again
 * under a second name, and reported.
 */
function writeFeedback(result: GradeResult, out: string): { feedback: Map<string, string>; folded: { student: string; file: string }[] } {
  const feedback = new Map<string, string>();
  for (const student of result.students) {
    const name = `${studentFile(student.student)}.md`;
    feedback.set(student.student, name);
    writeWhole(join(out, 'feedback', name), feedbackText(result, student));
  }
  const folded: { student: string; file: string }[] = [];
  for (const student of result.students) {
    const path = join(out, 'feedback', feedback.get(student.student)!);
    if (existsSync(path) && readFileSync(path, 'utf8').split('\n', 1)[0] === ownerLine(student.student)) continue;
    const name = `${unfoldedFile(student.student)}.md`;
    feedback.set(student.student, name);
    writeWhole(join(out, 'feedback', name), feedbackText(result, student));
    folded.push({ student: student.student, file: join(out, 'feedback', name) });
  }
  return { feedback, folded };
}

/** The first line of a feedback file: whose it is, exactly (the name as JSON, made safe: two names never give one line). */
function ownerLine(student: string): string {
  return `Student: ${markdown(JSON.stringify(student))}`;
}

const COLUMNS = ['rank', 'student', 'points', 'max_points', 'solved', 'runs', 'time_ms', 'verdict_kind', 'verdict', 'how_to_fix'] as const;

export function leaderboardCsv(result: GradeResult): string {
  const rows = result.students.map((s) => [s.rank, s.student, s.points, s.maxPoints, s.solved, s.runs.length, s.timeMs, s.verdict.kind, s.verdict.text, s.verdict.fix ?? '']);
  const ungraded = result.ungraded.map((student) => ['', student, '', '', '', '', '', 'not graded', 'not graded: the grading was stopped before it finished', 'run the same command again: it grades only those not yet graded']);
  return `${[COLUMNS, ...rows, ...ungraded].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

export function leaderboardJson(result: GradeResult, feedback?: ReadonlyMap<string, string>) {
  return {
    bezzel: result.bezzel,
    node: result.node,
    gradedAt: result.gradedAt,
    assignment: result.spec,
    isolation: result.isolation,
    maxPoints: result.maxPoints,
    students: result.students.map(({ stderr: _e, stdout: _o, ...student }) => ({ ...student, ...(feedback?.has(student.student) ? { feedback: `feedback/${feedback.get(student.student)}` } : {}) })),
    ...(result.stopped ? { stopped: { graded: result.students.length, of: result.stopped.of }, ungraded: result.ungraded } : {}),
    skipped: result.skipped,
  };
}

const KIND_COLOURS: Record<string, string> = {
  ok: '#1b7837',
  'not solved': '#7f7f7f',
  'wrong answer': '#d95f02',
  timeout: '#7570b3',
  crashed: '#a6761d',
  'out-of-memory': '#e7298a',
  forbidden: '#b2182b',
  invalid: '#404040',
};

export function leaderboardHtml(result: GradeResult, feedback: ReadonlyMap<string, string> = new Map()): string {
  const { students, maxPoints, spec } = result;
  const link = (s: StudentResult) => (feedback.has(s.student) ? `<a href="feedback/${encodeURIComponent(feedback.get(s.student)!)}">${escapeHtml(s.student)}</a>` : escapeHtml(s.student));
  const rows = students
    .map(
      (s) =>
        `<tr><td>${s.rank}</td><td>${link(s)}</td><td class="n">${s.points}</td><td class="n">${s.solved}/${s.runs.length}</td><td class="n">${s.timeMs.toFixed(0)}</td><td><span class="k" style="background:${KIND_COLOURS[s.verdict.kind]}">${escapeHtml(s.verdict.kind)}</span> ${escapeHtml(s.verdict.text)}${s.verdict.fix ? `<br><small>How to fix: ${escapeHtml(s.verdict.fix)}</small>` : ''}</td></tr>`,
    )
    .join('\n');
  const stopped = result.stopped ? `<p class="note"><strong>Stopped</strong> after ${students.length} of ${result.stopped.of} submissions; not graded: ${result.ungraded.map(escapeHtml).join(', ')}. Running the same command again grades only those.</p>` : '';
  const skipped = result.skipped.length ? `<p class="note">Not submissions (skipped): ${result.skipped.map((s) => `${escapeHtml(JSON.stringify(s.name))}: ${escapeHtml(s.reason)}`).join('; ')}.</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(spec.title)}: leaderboard</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border-bottom:1px solid #ddd;padding:.35em .7em;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}td:nth-child(2){white-space:nowrap}.k{color:#fff;border-radius:3px;padding:0 .4em;font-size:85%;white-space:nowrap}
p.note{color:#555;max-width:60em;font-size:90%}
</style></head><body>
<h1>${escapeHtml(spec.title)}</h1>
<p>${students.length} submissions, ${maxPoints} points possible; graded ${escapeHtml(result.gradedAt)} with bezzel ${escapeHtml(result.bezzel)} on Node ${escapeHtml(result.node)}.</p>
${pointsChart(students, maxPoints)}
${stopped}
<table><thead><tr><th>Rank</th><th>Student</th><th>Points</th><th>Solved</th><th>Time (ms)</th><th>Verdict</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${skipped}
<p class="note">Ranked by points; equal points share a rank (the time, on the grader's clock over every run that answered, is shown but decides nothing); forbidden and invalid submissions score nothing and come last. Each name links to its feedback. Isolation: ${escapeHtml(result.isolation)}.</p>
</body></html>
`;
}

/** Points per student as horizontal bars, coloured by verdict: plain SVG inside the page. */
function pointsChart(students: readonly StudentResult[], maxPoints: number): string {
  const bar = 18;
  const gap = 6;
  const left = 180;
  const width = 420;
  const height = students.length * (bar + gap) + 30;
  const scale = (points: number) => (maxPoints > 0 ? (points / maxPoints) * width : 0);
  const bars = students
    .map((s, i) => {
      const y = 10 + i * (bar + gap);
      const name = s.student.length > 24 ? `${s.student.slice(0, 23)}…` : s.student;
      return `<text x="${left - 8}" y="${y + bar * 0.72}" text-anchor="end">${escapeHtml(name)}</text><rect x="${left}" y="${y}" width="${scale(s.points).toFixed(1)}" height="${bar}" fill="${KIND_COLOURS[s.verdict.kind]}"><title>${escapeHtml(`${s.student}: ${s.points} points, ${s.verdict.text}`)}</title></rect><text x="${left + scale(s.points) + 6}" y="${y + bar * 0.72}">${s.points} · ${escapeHtml(s.verdict.kind)}</text>`;
    })
    .join('\n');
  const axisY = height - 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 160}" height="${height}" role="img" aria-label="points per student" font-size="13" font-family="system-ui,sans-serif">
<line x1="${left}" y1="4" x2="${left}" y2="${axisY}" stroke="#888"/><line x1="${left}" y1="${axisY}" x2="${left + width}" y2="${axisY}" stroke="#888"/>
<text x="${left}" y="${height - 2}" font-size="11">0</text><text x="${left + width}" y="${height - 2}" font-size="11" text-anchor="end">${maxPoints} points</text>
${bars}
</svg>`;
}

/** One student's feedback, as Markdown: the verdict with its reason and how to fix it, what ran, what passed, the points. */
export function feedbackText(result: GradeResult, s: StudentResult): string {
  const lines = [
    ownerLine(s.student),
    `# ${markdown(result.spec.title)}: feedback for ${markdown(s.student)}`,
    '',
    `- Verdict: **${markdown(s.verdict.text)}**`,
    ...(s.verdict.fix ? [`- How to fix: ${markdown(s.verdict.fix)}`] : []),
    `- Points: ${s.points} of ${s.maxPoints} (rank ${s.rank} of ${result.students.length})`,
    `- Runs solved: ${s.solved} of ${s.runs.length}; time over the runs: ${s.timeMs.toFixed(0)} ms`,
    `- Strategies your plugin registers: ${s.strategies.length ? s.strategies.map(markdown).join(', ') : 'none seen'}${result.spec.strategy === 'any' ? '' : ` (the assignment asks for ${markdown(result.spec.strategy)})`}`,
    `- Limits: ${result.spec.limits.timeSeconds} s to load, each run its time budget + 1 s, ${result.spec.limits.memoryMb} MB; this submission took ${(s.elapsedMs / 1000).toFixed(1)} s in ${s.processes} process${s.processes === 1 ? '' : 'es'} and at most ${s.peakRssMb} MB resident`,
    `- How it ran: ${markdown(result.isolation)}`,
    '',
    '## Runs',
    '',
    '| Run | Strategy | Result | Time (ms) | Points | Why |',
    '| --- | --- | --- | ---: | ---: | --- |',
    ...s.runs.map((r) => `| ${markdown(r.label)} | ${markdown(r.strategy ?? '')} | ${r.status} | ${r.ms === undefined ? '' : r.ms.toFixed(0)} | ${r.points} | ${markdown(r.detail)} |`),
    '',
    'A run scores only when its solution passes the core’s validator (the checks of `bezzel check`), run by the grader, not by your process.',
  ];
  if (s.verdict.kind === 'forbidden') lines.push('', 'A submission that tries to read or write outside its folder, open a network connection, start a process or signal another process scores nothing, whatever its runs did.');
  if (s.stderr.trim()) lines.push('', '## What your process wrote to stderr (the end of it)', '', fenced(s.stderr.slice(-4000)));
  if (s.stdout.trim()) lines.push('', '## What your process wrote to stdout (the end of it)', '', fenced(s.stdout.slice(-2000)));
  return `${lines.join('\n')}\n`;
}
