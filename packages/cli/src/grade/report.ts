/**
 * What `bezzel grade` writes: the leaderboard as CSV, JSON and one self-contained HTML page (a table and an SVG
 * bar chart, no external assets), and one feedback file per student. Everything a submission said (its name, its
 * error messages, its output) is escaped wherever it lands.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GradeResult, StudentResult } from './grade.js';

export interface WrittenReports {
  readonly csv: string;
  readonly json: string;
  readonly html: string;
  readonly feedback: readonly string[];
}

export function writeReports(result: GradeResult, out: string): WrittenReports {
  mkdirSync(join(out, 'feedback'), { recursive: true });
  const files = { csv: join(out, 'leaderboard.csv'), json: join(out, 'leaderboard.json'), html: join(out, 'leaderboard.html') };
  writeFileSync(files.csv, leaderboardCsv(result));
  writeFileSync(files.json, `${JSON.stringify(leaderboardJson(result), null, 2)}\n`);
  writeFileSync(files.html, leaderboardHtml(result));
  const feedback = result.students.map((student) => {
    const file = join(out, 'feedback', `${fileName(student.student)}.md`);
    writeFileSync(file, feedbackText(result, student));
    return file;
  });
  return { ...files, feedback };
}

/** A student's folder name as a file name: anything but letters, digits, dot, dash and underscore becomes `_`. */
export function fileName(student: string): string {
  return student.replace(/[^\w.-]/g, '_').replace(/^\.+/, '_').slice(0, 100) || '_';
}

const COLUMNS = ['rank', 'student', 'points', 'max_points', 'solved', 'runs', 'time_ms', 'verdict_kind', 'verdict'] as const;

export function leaderboardCsv(result: GradeResult): string {
  const rows = result.students.map((s) => [s.rank, s.student, s.points, s.maxPoints, s.solved, s.runs.length, s.timeMs, s.verdict.kind, s.verdict.text]);
  return `${[COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A cell a spreadsheet would run as a formula starts with a quote mark instead.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function leaderboardJson(result: GradeResult) {
  return {
    bezzel: result.bezzel,
    node: result.node,
    gradedAt: result.gradedAt,
    assignment: result.spec,
    isolation: result.isolation,
    maxPoints: result.maxPoints,
    students: result.students.map(({ stderr: _e, stdout: _o, ...student }) => student),
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function leaderboardHtml(result: GradeResult): string {
  const { students, maxPoints, spec } = result;
  const rows = students
    .map(
      (s) =>
        `<tr><td>${s.rank}</td><td>${escapeHtml(s.student)}</td><td class="n">${s.points}</td><td class="n">${s.solved}/${s.runs.length}</td><td class="n">${s.timeMs.toFixed(0)}</td><td><span class="k" style="background:${KIND_COLOURS[s.verdict.kind]}">${escapeHtml(s.verdict.kind)}</span> ${escapeHtml(s.verdict.text)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(spec.title)}: leaderboard</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border-bottom:1px solid #ddd;padding:.35em .7em;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}.k{color:#fff;border-radius:3px;padding:0 .4em;font-size:85%;white-space:nowrap}
p.note{color:#555;max-width:60em;font-size:90%}
</style></head><body>
<h1>${escapeHtml(spec.title)}</h1>
<p>${students.length} submissions, ${maxPoints} points possible; graded ${escapeHtml(result.gradedAt)} with bezzel ${escapeHtml(result.bezzel)} on Node ${escapeHtml(result.node)}.</p>
${pointsChart(students, maxPoints)}
<table><thead><tr><th>Rank</th><th>Student</th><th>Points</th><th>Solved</th><th>Time (ms)</th><th>Verdict</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="note">Ranked by points, then by time (the grader's clock over every run that answered); forbidden and invalid submissions score nothing and come last. Isolation: ${escapeHtml(result.isolation)}.</p>
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

/** One student's feedback, as Markdown: the verdict with its reason, what ran, what passed, the points. */
export function feedbackText(result: GradeResult, s: StudentResult): string {
  const fence = (text: string) => `\`\`\`\n${text.replace(/```/g, "'''").trim()}\n\`\`\``;
  const lines = [
    `# ${result.spec.title}: feedback for ${s.student}`,
    '',
    `- Verdict: **${s.verdict.text}**`,
    `- Points: ${s.points} of ${s.maxPoints} (rank ${s.rank} of ${result.students.length})`,
    `- Runs solved: ${s.solved} of ${s.runs.length}; time over the runs: ${s.timeMs.toFixed(0)} ms`,
    `- Strategies your plugin registers: ${s.strategies.length ? s.strategies.join(', ') : 'none seen'}${result.spec.strategy === 'any' ? '' : ` (the assignment asks for ${result.spec.strategy})`}`,
    `- Limits: ${result.spec.limits.timeSeconds} s wall clock, ${result.spec.limits.memoryMb} MB heap; this submission took ${(s.elapsedMs / 1000).toFixed(1)} s and at most ${s.peakRssMb} MB resident`,
    `- How it ran: ${result.isolation}`,
    '',
    '## Runs',
    '',
    '| Run | Strategy | Result | Time (ms) | Points | Why |',
    '| --- | --- | --- | ---: | ---: | --- |',
    ...s.runs.map((r) => `| ${cell(r.label)} | ${cell(r.strategy ?? '')} | ${r.status} | ${r.ms === undefined ? '' : r.ms.toFixed(0)} | ${r.points} | ${cell(r.detail)} |`),
    '',
    'A run scores only when its solution passes the core’s validator (the checks of `bezzel check`), run by the grader, not by your process.',
  ];
  if (s.verdict.kind === 'forbidden') lines.push('', 'A submission that tries to read or write outside its folder, open a network connection or start a process scores nothing, whatever its runs did.');
  if (s.stderr.trim()) lines.push('', '## What your process wrote to stderr (the end of it)', '', fence(s.stderr.slice(-4000)));
  if (s.stdout.trim()) lines.push('', '## What your process wrote to stdout (the end of it)', '', fence(s.stdout.slice(-2000)));
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}
