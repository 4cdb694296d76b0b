import { Board, validatePlacement, validateTour } from '@bezzel/core';
import { JSONParser } from '@streamparser/json';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bezzelBin, childEnv, root } from './support/cli.js';
import { knight } from '@bezzel/knight';
import { queen } from '@bezzel/queen';

/**
 * Runs `bezzel` as a child and feeds its stdout, as it arrives, to a streaming JSON parser: the document must be
 * one valid JSON value however the writes were cut. Returns the values at the paths asked for.
 */
function streamJson(args: string[], paths: string[]): Promise<{ code: number; values: Map<string, unknown[]>; chunks: number }> {
  return new Promise((resolve, reject) => {
    const parser = new JSONParser({ paths, keepStack: false });
    const values = new Map<string, unknown[]>(paths.map((p) => [p, []]));
    parser.onValue = ({ value, stack, key }) => {
      const path = ['$', ...stack.slice(1).map((s) => s.key), key].join('.');
      for (const wanted of paths) if (new RegExp(`^${wanted.replace(/\./g, '\\.').replace(/\\\.\*/g, '\\.[^.]+').replace(/^\$/, '\\$')}$`).test(path)) values.get(wanted)!.push(value);
    };
    const child = spawn(process.execPath, [bezzelBin, ...args], { cwd: root, env: childEnv() });
    let chunks = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      chunks++;
      parser.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      // The parser ends by itself once the root value is complete; a document cut short leaves it open.
      if (!parser.isEnded) {
        reject(new Error('the JSON document ended before its root value was complete'));
        return;
      }
      resolve({ code: code ?? -1, values, chunks });
    });
  });
}

describe('large answers stream as one valid JSON document', () => {
  it('100 000 queens by formula: a column per rank, the placement valid', async () => {
    const n = 100_000;
    const run = await streamJson(['place', 'queen', '-n', String(n), '--strategy', 'formula', '--format', 'json'], ['$.status', '$.solutions.*.columns.*']);
    expect(run.code).toBe(0);
    expect(run.values.get('$.status')).toEqual(['solved']);
    const columns = run.values.get('$.solutions.*.columns.*') as number[];
    expect(columns).toHaveLength(n);
    expect(run.chunks, 'the answer arrives in many writes').toBeGreaterThan(2);
    const board = new Board({ width: n, height: n });
    const report = validatePlacement(board, queen, columns.map((col, row) => board.at(row, col)), n);
    expect(report.valid).toBe(true);
  });

  it('a closed 300×300 tour: the path in order, a valid closed tour', async () => {
    const run = await streamJson(['tour', 'knight', '-n', '300', '--closed', '--format', 'json'], ['$.solutions.*.closed', '$.solutions.*.path.*']);
    expect(run.code).toBe(0);
    const path = run.values.get('$.solutions.*.path.*') as number[];
    expect(path).toHaveLength(300 * 300);
    expect(run.values.get('$.solutions.*.closed')).toEqual([true]);
    const report = validateTour(new Board({ width: 300, height: 300 }), knight, path, { closed: true });
    expect(report.valid).toBe(true);
  });

  it('goal all writes one JSON document a line, each solution then the result', async () => {
    const lines: unknown[] = [];
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [bezzelBin, 'queens', '6', '--goal', 'all', '--format', 'json'], { cwd: root, env: childEnv() });
      let text = '';
      child.stdout.on('data', (chunk) => (text += String(chunk)));
      child.on('close', () => {
        for (const line of text.trim().split('\n')) lines.push(JSON.parse(line));
        resolve();
      });
    });
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 4).every((l) => (l as { solution: { columns: number[] } }).solution.columns.length === 6)).toBe(true);
    expect(lines[4]).toMatchObject({ status: 'complete', count: '4' });
  });
});
