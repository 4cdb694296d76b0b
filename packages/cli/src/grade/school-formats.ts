/**
 * The grades in the formats schools' systems read: Gradescope's autograder `results.json` (one submission per
 * file, each run a test with its score, maximum, status and visibility), JUnit XML (any CI shows it: one suite per
 * student, one case per run), and a gradebook CSV that Canvas and Moodle import (a row per student, the
 * assignment's points in one column).
 */
import { inert } from '@bezzel/core';
import { csvCell, xml } from './escape.js';
import type { GradeResult, StudentResult } from './grade.js';
import type { RunReport } from './verdicts.js';

/** Gradescope's `visibility` values, as its autograder specification lists them. */
export const GRADESCOPE_VISIBILITY = ['hidden', 'after_due_date', 'after_published', 'visible'] as const;

/** One submission's results.json (Gradescope: /autograder/results/results.json). */
export function gradescopeResults(result: GradeResult, s: StudentResult) {
  const disqualified = s.verdict.kind === 'forbidden' || s.verdict.kind === 'invalid';
  const maxOf = (i: number) => result.spec.tasks.length === 0 ? 0 : runMax(result, i);
  return {
    score: s.points,
    execution_time: Math.round(s.elapsedMs / 1000),
    output: inert([`Verdict: ${s.verdict.text}`, ...(s.verdict.fix ? [`How to fix: ${s.verdict.fix}`] : []), `Points: ${s.points} of ${s.maxPoints}`, `Graded by bezzel ${result.bezzel} on Node ${result.node}: ${result.isolation}`].join('\n'), { multiline: true }),
    output_format: 'text',
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests: s.runs.map((run, i) => ({
      name: inert(run.label),
      number: String(i + 1),
      score: disqualified ? 0 : run.points,
      max_score: maxOf(i),
      status: run.status === 'solved' && !disqualified ? 'passed' : 'failed',
      output: inert(`${run.status}: ${run.detail}${disqualified && run.status === 'solved' ? ` (scores nothing: ${s.verdict.text})` : ''}`),
      output_format: 'text',
      tags: [run.status],
      visibility: 'visible',
    })),
    leaderboard: [
      { name: 'Points', value: s.points, order: 'desc' },
      { name: 'Time (ms)', value: s.timeMs, order: 'asc' },
    ],
    extra_data: { verdict: s.verdict.kind, bezzel: result.bezzel },
  };
}

/** The most one run can score: its task's points and bonus. */
function runMax(result: GradeResult, index: number): number {
  let i = 0;
  for (const task of result.spec.tasks) {
    const count = task.sizes.length * task.seeds.length;
    if (index < i + count) return task.points + (task.bonus?.points ?? 0);
    i += count;
  }
  return 0;
}

/** JUnit XML: a suite per student, a case per run; a run not solved is a failure, one that ended its process an error. */
export function junitXml(result: GradeResult): string {
  const errorStatus = new Set<RunReport['status']>(['timeout', 'out-of-memory', 'crashed', 'threw']);
  const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);
  const suites = result.students.map((s) => {
    const disqualified = s.verdict.kind === 'forbidden' || s.verdict.kind === 'invalid';
    const failures = s.runs.filter((r) => r.status !== 'solved' && !errorStatus.has(r.status) && !disqualified).length;
    const errors = disqualified ? s.runs.length : s.runs.filter((r) => errorStatus.has(r.status)).length;
    const cases = s.runs.map((r) => {
      const open = `    <testcase name="${xml(r.label)}" classname="${xml(`${result.spec.title}.${s.student}`)}" time="${seconds(r.ms)}"`;
      if (disqualified) return `${open}>\n      <error message="${xml(s.verdict.text)}" type="${xml(s.verdict.kind)}">${xml(`${r.status}: ${r.detail}`)}</error>\n    </testcase>`;
      if (r.status === 'solved') return `${open}/>`;
      const tag = errorStatus.has(r.status) ? 'error' : 'failure';
      return `${open}>\n      <${tag} message="${xml(r.detail)}" type="${xml(r.status)}">${xml(s.verdict.fix ?? r.detail)}</${tag}>\n    </testcase>`;
    });
    return [
      `  <testsuite name="${xml(s.student)}" tests="${s.runs.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(s.elapsedMs)}" timestamp="${result.gradedAt.replace(/\.\d+Z$/, '')}">`,
      `    <properties>\n      <property name="verdict" value="${xml(s.verdict.text)}"/>\n      <property name="points" value="${s.points}"/>\n      <property name="max_points" value="${s.maxPoints}"/>\n      <property name="rank" value="${s.rank}"/>\n    </properties>`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const total = (f: (line: string) => number) => suites.reduce((sum, suite) => sum + f(suite), 0);
  const attr = (suite: string, name: string) => Number(new RegExp(` ${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(result.spec.title)}" tests="${total((s) => attr(s, 'tests'))}" failures="${total((s) => attr(s, 'failures'))}" errors="${total((s) => attr(s, 'errors'))}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/**
 * A gradebook to import: Canvas's columns (Student, ID, SIS User ID, SIS Login ID, Section, then the assignment
 * with its points possible) with the folder name as the login, which Moodle's CSV import maps to a username.
 */
export function gradebookCsv(result: GradeResult): string {
  const column = `${result.spec.title} (${result.maxPoints} points)`;
  const header = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', column];
  const possible = ['Points Possible', '', '', '', '', result.maxPoints];
  const rows = result.students.map((s) => [s.student, '', '', s.student, '', s.points]);
  return `${[header, possible, ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}
