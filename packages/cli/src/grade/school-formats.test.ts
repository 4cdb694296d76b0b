// The school formats against their documented shapes: Gradescope's autograder specification (results.json), the
// JUnit XML schema CI servers read (testsuites > testsuite > testcase with failure or error), Canvas's gradebook
// columns. The results graded here are made by hand, with the hostile text a submission can put in them.
import { describe, expect, it } from 'vitest';
import type { GradeResult, StudentResult } from './grade.js';
import { rank } from './grade.js';
import { studentFile } from './names.js';
import { gradebookCsv, gradescopeResults, GRADESCOPE_VISIBILITY, junitXml } from './school-formats.js';
import type { RunReport } from './verdicts.js';

const NASTY = '\u001b[2J<script>x</script> & "q" \u202e';

function student(name: string, points: number, runs: RunReport[], verdict: StudentResult['verdict']): Omit<StudentResult, 'rank'> {
  return { student: name, verdict, points, maxPoints: 3, solved: runs.filter((r) => r.status === 'solved').length, timeMs: 12, strategies: ['s'], runs, processes: 1, peakRssMb: 40, elapsedMs: 1500, stderr: '', stdout: '' };
}

const solved = (label: string): RunReport => ({ label, strategy: 's', status: 'solved', detail: 'solved, checked', ms: 3, points: 1 });
const result = (students: Omit<StudentResult, 'rank'>[]): GradeResult =>
  ({
    spec: { title: `Week 5 ${NASTY}`, strategy: 'any', limits: { timeSeconds: 5, memoryMb: 128 }, tasks: [{ name: 'queens', problem: 'placement', piece: 'queen', sizes: [8], seeds: [1, 2, 3], budget: { maxTimeMs: 500 }, points: 1 }] },
    students: rank(students),
    ungraded: [],
    skipped: [],
    resumed: 0,
    maxPoints: 3,
    gradedAt: '2025-01-02T03:04:05.678Z',
    bezzel: '0.1.0',
    node: 'v20.0.0',
    isolation: 'test',
    journal: undefined as never,
  }) satisfies GradeResult;

const graded = result([
  student('ok-student', 3, [solved('n=8 seed 1'), solved('n=8 seed 2'), solved('n=8 seed 3')], { kind: 'ok', text: 'ok: all 3 runs solved' }),
  student(`bad${NASTY}`, 1, [solved('n=8 seed 1'), { label: 'n=8 seed 2', status: 'wrong answer', detail: `a1 and d4 share a diagonal ${NASTY}`, ms: 2, points: 0 }, { label: 'n=8 seed 3', status: 'timeout', detail: 'still running 1 s past its 500 ms budget, ended', points: 0 }], {
    kind: 'timeout',
    text: 'timeout: …',
    fix: 'check ctx.clock',
  }),
  student('cheat', 0, [solved('n=8 seed 1'), solved('n=8 seed 2'), solved('n=8 seed 3')], { kind: 'forbidden', text: 'forbidden: signal SIGTERM to process 1', fix: 'compute only' }),
]);

/** Gradescope's fields as its autograder specification documents them: name → the values allowed. */
const TOP = { score: 'number', execution_time: 'number', output: 'string', output_format: 'format', test_output_format: 'format', test_name_format: 'format', visibility: 'visibility', stdout_visibility: 'visibility', extra_data: 'object', tests: 'array', leaderboard: 'array' } as const;
const TEST = { score: 'number', max_score: 'number', status: 'status', name: 'string', name_format: 'format', number: 'string', output: 'string', output_format: 'format', tags: 'strings', visibility: 'visibility', extra_data: 'object' } as const;
const FORMATS = ['text', 'html', 'simple_format', 'md', 'ansi'];

function checkFields(value: Record<string, unknown>, fields: Record<string, string>, where: string): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    const kind = fields[key];
    if (!kind) return [`${where}.${key} is not a documented field`];
    const ok =
      kind === 'number' ? typeof v === 'number' && Number.isFinite(v)
      : kind === 'string' ? typeof v === 'string'
      : kind === 'format' ? FORMATS.includes(v as string)
      : kind === 'visibility' ? (GRADESCOPE_VISIBILITY as readonly unknown[]).includes(v)
      : kind === 'status' ? v === 'passed' || v === 'failed'
      : kind === 'strings' ? Array.isArray(v) && v.every((t) => typeof t === 'string')
      : kind === 'array' ? Array.isArray(v)
      : typeof v === 'object' && v !== null;
    return ok ? [] : [`${where}.${key} = ${JSON.stringify(v)} is not a ${kind}`];
  });
}

describe('school formats', () => {
  it("Gradescope: every field is one its specification documents, with an allowed value; scores add up", () => {
    for (const s of graded.students) {
      const json = JSON.parse(JSON.stringify(gradescopeResults(graded, s))) as Record<string, unknown> & { tests: Record<string, unknown>[]; leaderboard: Record<string, unknown>[] };
      expect(checkFields(json, TOP, 'results')).toEqual([]);
      json.tests.forEach((test, i) => expect(checkFields(test, TEST, `tests[${i}]`)).toEqual([]));
      for (const entry of json.leaderboard) {
        expect(Object.keys(entry).every((k) => ['name', 'value', 'order'].includes(k))).toBe(true);
        expect(['asc', 'desc']).toContain(entry.order);
      }
      // The top-level score is the student's; the tests' scores add up to it, their maxima to the assignment's.
      expect(json.score).toBe(s.points);
      expect(json.tests.reduce((sum, t) => sum + (t.score as number), 0)).toBe(s.points);
      expect(json.tests.reduce((sum, t) => sum + (t.max_score as number), 0)).toBe(graded.maxPoints);
      // No character that acts on a terminal reaches Gradescope's page (the escape is written out as text).
      const strings = JSON.stringify(json, (_k, v: unknown) => v).match(/"(?:[^"\\]|\\.)*"/g)!.map((t) => JSON.parse(t) as string);
      for (const text of strings) expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    }
    const cheat = gradescopeResults(graded, graded.students.find((s) => s.student === 'cheat')!);
    expect(cheat.tests.every((t) => t.status === 'failed' && t.score === 0)).toBe(true);
  });

  it('JUnit: one suite per student, its counts those of its cases, every text escaped', () => {
    const xml = junitXml(graded);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(xml).not.toMatch(/<script|[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const suites = [...xml.matchAll(/<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="0" time="[\d.]+" timestamp="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)">([\s\S]*?)<\/testsuite>/g)];
    expect(suites).toHaveLength(3);
    for (const [, , tests, failures, errors, , body] of suites) {
      expect((body!.match(/<testcase /g) ?? []).length).toBe(Number(tests));
      expect((body!.match(/<failure /g) ?? []).length).toBe(Number(failures));
      expect((body!.match(/<error /g) ?? []).length).toBe(Number(errors));
    }
    // Balanced tags: every element opened is closed.
    const opened = (xml.match(/<(testsuites|testsuite|testcase|failure|error|properties)[ >]/g) ?? []).length;
    const closed = (xml.match(/<\/(testsuites|testsuite|testcase|failure|error|properties)>|<testcase [^>]*\/>/g) ?? []).length;
    expect(closed).toBe(opened);
    const [, , total, failures, errors] = /<testsuites name="[^"]*" tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(xml) ? [0, 0, ...(/<testsuites name="[^"]*" tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(xml)!.slice(1))] : [];
    expect([total, failures, errors].map(Number)).toEqual([9, 1, 4]);
  });

  it("a gradebook CSV with Canvas's columns and a points-possible row", () => {
    const lines = gradebookCsv(graded).trim().split('\n');
    expect(lines[0]).toBe('Student,ID,SIS User ID,SIS Login ID,Section,Week 5 \\u001b[2J\\u003cscript>x\\u003c/script> & "q" \\u202e (3 points)'.replace('"q"', '""q""').replace(/^(.*,)(Week.*)$/, '$1"$2"'));
    expect(lines[1]).toBe('Points Possible,,,,,3');
    expect(lines.slice(2).map((l) => l.split(',').at(-1))).toEqual(['3', '1', '0']);
  });

  it('file names keep every student apart, any script kept', () => {
    const names = ['é1', 'è1', 'e\u03011', 'a b', 'a_b', 'a_20_b', '.x', '_2e_x', 'A', 'a', 'x'.repeat(200), `${'x'.repeat(200)}y`, 'a/b', 'a\\b', '日本'];
    const files = names.map(studentFile);
    expect(new Set(files).size).toBe(names.length);
    expect(studentFile('é1')).toBe('é1');
    expect(studentFile('日本')).toBe('日本');
    for (const file of files) expect(file).toMatch(/^[^./\\\u0000-\u001f][^/\\\u0000-\u001f]{0,99}$/);
  });
});
