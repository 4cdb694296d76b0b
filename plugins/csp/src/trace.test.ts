import { Board, createBezzel, validatePlacement, type Bezzel, type Task, type TraceEvent } from '@bezzel/core';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import csp, { DomainReplay, replayDomains } from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, csp] });
});

type Options = Readonly<Record<string, string | boolean>>;
const task = (n: number, goal: Task['goal'], options: Options): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal,
  strategy: 'csp',
  options,
});

async function traced(t: Task) {
  const events: TraceEvent[] = [];
  const result = await bezzel.solve(t, { onTrace: (e) => events.push(e) });
  return { result, events };
}

/** Every solution of n queens, as rows by column, by brute force. */
function allSolutions(n: number): number[][] {
  const out: number[][] = [];
  const rows: number[] = [];
  const go = (col: number) => {
    if (col === n) return void out.push([...rows]);
    for (let r = 0; r < n; r++) {
      if (rows.every((q, c) => q !== r && Math.abs(q - r) !== col - c)) {
        rows.push(r);
        go(col + 1);
        rows.pop();
      }
    }
  };
  go(0);
  return out;
}

const SETTINGS: Options[] = [
  { ordering: 'static', inference: 'forward-checking' },
  { ordering: 'mrv', inference: 'mac', values: 'lcv' },
  { ordering: 'mrv+degree', inference: 'mac', backjumping: true },
  { ordering: 'static', inference: 'none', backjumping: true },
  { ordering: 'mrv', inference: 'forward-checking', backjumping: true },
];

describe('csp trace', () => {
  it.each(SETTINGS)('is consistent for 6 and 8 queens, goal all, with %o', async (options) => {
    const piece = bezzel.piece('queen')!;
    for (const n of [6, 8]) {
      const board = Board.square(n);
      const solutions = allSolutions(n);
      const attacks = (c1: number, r1: number, c2: number, r2: number) => !validatePlacement(board, piece, [r1 * n + c1, r2 * n + c2]).valid;
      const { result, events } = await traced(task(n, 'all', options));
      const replay = new DomainReplay(n);
      let assigns = 0;
      for (const [i, e] of events.entries()) {
        const before = replay.value.slice();
        if (e.type === 'assign') {
          assigns++;
          expect(e.depth).toBe(replay.assignedAt.length);
          expect(before[e.variable]).toBe(-1);
          // The value is in the domain, and (without inference: after the consistency test) conflicts with no assignment.
          expect(replay.crossedAt[e.variable]![e.value]).toBe(-1);
          before.forEach((r, c) => r >= 0 && expect(attacks(c, r, e.variable, e.value)).toBe(false));
          for (const v of e.rejected ?? []) expect(before.some((r, c) => r >= 0 && attacks(c, r, e.variable, v))).toBe(true);
          const assignment = before.slice();
          assignment[e.variable] = e.value;
          for (const p of e.pruned) {
            expect(assignment[p.variable], 'only unassigned variables lose values').toBe(-1);
            expect(replay.crossedAt[p.variable]![p.value], 'a value is removed once').toBe(-1);
            // Forward checking removes exactly what the new assignment attacks; MAC may remove more, but never a
            // value some solution extending the assignment uses.
            if (options.inference === 'forward-checking') expect(attacks(e.variable, e.value, p.variable, p.value)).toBe(true);
            const extends_ = solutions.some((s) => s[p.variable] === p.value && assignment.every((r, c) => r < 0 || s[c] === r));
            expect(extends_, `pruned ${p.variable}=${p.value} after ${e.variable}=${e.value}`).toBe(false);
          }
          if (options.inference === 'forward-checking' && events[i + 1]?.type !== 'wipeout') {
            // …and, unless it stopped at a wipeout, everything it attacks that was left.
            const attacked = assignment.flatMap((r, y) => (r >= 0 ? [] : Array.from({ length: n }, (_, v) => v).filter((v) => replay.crossedAt[y]![v] === -1 && attacks(e.variable, e.value, y, v)).map((v) => `${y}:${v}`)));
            expect(e.pruned.map((p) => `${p.variable}:${p.value}`).sort()).toEqual(attacked.sort());
          }
        } else if (e.type === 'unassign') {
          expect(before[e.variable]).toBe(e.value);
          expect(replay.assignedAt[e.depth]).toBe(e.variable);
          if (e.backjumpTo !== undefined) expect(e.backjumpTo).toBeLessThanOrEqual(e.depth);
        }
        replay.apply(e);
        if (e.type === 'wipeout') {
          expect(replay.value[e.variable]).toBe(-1);
          expect(replay.crossedAt[e.variable]!.every((d) => d >= 0), 'a wiped-out domain has every value crossed').toBe(true);
        }
        if (e.type === 'solution') {
          expect(replay.value.every((r) => r >= 0)).toBe(true);
          expect(validatePlacement(board, piece, replay.value.map((r, c) => r * n + c), n).valid).toBe(true);
        }
      }
      expect(assigns).toBe(result.stats.nodes);
      expect(replay.solutions).toBe(solutions.length);
      expect(replay.value.every((r) => r === -1), 'every assignment is taken back at the end').toBe(true);
      expect(replay.crossedAt.flat().every((d) => d === -1)).toBe(true);
    }
  });

  it('records backjumps: each unassign of a jump names the depth it goes to', async () => {
    const { result, events } = await traced(task(8, 'count', { ordering: 'static', inference: 'none', backjumping: true }));
    const jumps = events.filter((e) => e.type === 'unassign' && e.backjumpTo !== undefined);
    expect(jumps.length).toBeGreaterThan(0);
    // A jump takes back every level from the dead end's parent down to its target; the first of them starts each jump.
    let starts = 0;
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (e.type !== 'unassign' || e.backjumpTo === undefined) continue;
      const previous = events[i - 1]!;
      if (previous.type === 'unassign' && previous.backjumpTo === e.backjumpTo && previous.depth === e.depth + 1) continue;
      starts++;
      expect(e.depth).toBeGreaterThan(e.backjumpTo);
    }
    expect(starts).toBe(Number(result.stats.extra?.backjumps));
  });

  it('wipes out domains under forward checking, and replayDomains shows the grid at any step', async () => {
    const { events } = await traced(task(6, 'one', { ordering: 'static', inference: 'forward-checking' }));
    const wipe = events.findIndex((e) => e.type === 'wipeout');
    expect(wipe).toBeGreaterThan(0);
    const grid = replayDomains(6, events, wipe + 1);
    expect(grid.wipedOut).toBe((events[wipe] as { variable: number }).variable);
    expect(grid.crossedAt[grid.wipedOut]!.every((d) => d >= 0 && d < grid.assignedAt.length)).toBe(true);
    const end = replayDomains(6, events);
    expect(end.solutions).toBe(1);
    expect(end.value.every((r) => r >= 0)).toBe(true);
  });
});
