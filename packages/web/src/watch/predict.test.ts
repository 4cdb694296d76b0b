import { Board, createBezzel, type Task, type TraceEvent } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { Replay } from '../run/replay.js';
import { pagePlugins } from '../shared/plugins.js';
import { asks, judge, questionAt, type Answer, type PredictContext } from './predict.js';

const bezzel = await createBezzel({ plugins: pagePlugins });

/** The step the strategy takes, as the student would answer it. */
function actualOf(event: TraceEvent, width: number): Answer {
  switch (event.type) {
    case 'place':
    case 'move':
      return event.square;
    case 'local':
      return event.to!;
    case 'assign':
      return event.value * width + event.variable;
    default:
      return 'backtrack';
  }
}

async function trace(task: Task): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  await bezzel.solve(task, { onTrace: (e) => events.push(e) });
  return events;
}

const queens = (strategy: string, seed: number, goal: Task['goal'] = 'one'): Task => ({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal, strategy, seed });

describe('predict mode: the rule the page states picks what the strategy does, at every step', () => {
  const cases: [string, Task][] = [
    ['backtracking, all 8-queens solutions', queens('backtracking', 1, 'all')],
    ['hill climbing, seed 1', queens('hill-climbing', 1)],
    ['hill climbing, seed 7', queens('hill-climbing', 7)],
    ['min-conflicts, seed 1', queens('min-conflicts', 1)],
    ['min-conflicts, seed 4', queens('min-conflicts', 4)],
    ['csp (MRV, forward checking)', queens('csp', 1, 'all')],
    ['warnsdorff, 8×8 knight tour from a1', { problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'warnsdorff', seed: 1 }],
  ];
  for (const [title, task] of cases) {
    it(title, async () => {
      const events = await trace(task);
      const board = new Board(task.problem.board);
      const ctx: PredictContext = { strategy: task.strategy!, board, piece: bezzel.piece(task.problem.piece)!, ...(task.options ? { options: task.options } : {}) };
      const replay = new Replay(events, board.width);
      let asked = 0;
      let ties = 0;
      for (let p = 0; p < events.length; p++) {
        if (asks(ctx.strategy, events[p])) {
          const question = questionAt(ctx, replay)!;
          expect(question.position).toBe(p);
          const actual = actualOf(events[p]!, board.width);
          const j = judge(ctx, replay, actual);
          expect(j.right, `step ${p}: ${j.why}`).toBe(true);
          expect(j.accepted).toContain(actual);
          // A wrong answer is told wrong, with a reason.
          const other: Answer = actual === 'backtrack' ? 0 : 'backtrack';
          const wrong = judge(ctx, replay, other);
          expect(wrong.right).toBe(false);
          expect(wrong.why.length).toBeGreaterThan(20);
          asked++;
          if (j.tie) ties++;
        }
        replay.forward();
      }
      expect(asked).toBeGreaterThan(0);
      if (title.endsWith('seed 1') && ctx.strategy !== 'backtracking') expect(ties, 'random ties are met and accepted').toBeGreaterThan(0);
    });
  }
});
