import { Board, createBezzel, type Task, type TraceEvent } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { Replay } from '../run/replay.js';
import { pagePlugins } from '../shared/plugins.js';
import { asks, judge, questionAt, type Answer, type PredictContext } from './predict.js';
import { ac3Removals } from './predict-csp.js';

const bezzel = await createBezzel({ plugins: pagePlugins });

/** The step the strategy takes, as the student would answer it. */
function actualOf(event: TraceEvent, width: number): Answer {
  switch (event.type) {
    case 'place':
    case 'move':
      return event.square;
    case 'local':
      return event.delta !== undefined && event.draw !== undefined ? (event.accepted ? 'accept' : 'refuse') : event.to!;
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
    ['csp (MRV, MAC: AC-3 questions)', { ...queens('csp', 1, 'all'), options: { inference: 'mac' } }],
    ['csp (static order, no inference)', { ...queens('csp', 1), options: { inference: 'none', ordering: 'static' } }],
    ['csp (MRV, LCV)', { ...queens('csp', 1), options: { values: 'lcv' } }],
    ['simulated annealing, seed 1', queens('simulated-annealing', 1)],
    ['tabu, conflicted neighbourhood, seed 1', queens('tabu', 1)],
    ['tabu, full neighbourhood, seed 4 (an aspiration)', { ...queens('tabu', 4), options: { neighbourhood: 'full' } }],
    ['tabu, full neighbourhood, seed 3, tenure 20, no aspiration', { ...queens('tabu', 3), options: { neighbourhood: 'full', tenure: 20, aspiration: false } }],
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
          const event = events[p]!;
          // AC-3's question asks for a value its inference removes, not for the assignment.
          const actual = event.type === 'assign' && question.prompt.includes('AC-3') ? ac3Removals(ctx, event)[0]! : actualOf(event, board.width);
          const j = judge(ctx, replay, actual);
          expect(j.right, `step ${p}: ${j.why}`).toBe(true);
          expect(j.accepted).toContain(actual);
          // A wrong answer is told wrong, with a reason.
          const other: Answer = actual === 'accept' ? 'refuse' : actual === 'refuse' ? 'accept' : actual === 'backtrack' ? 0 : 'backtrack';
          const wrong = judge(ctx, replay, other);
          expect(wrong.right).toBe(false);
          expect(wrong.why.length).toBeGreaterThan(20);
          asked++;
          if (j.tie) ties++;
        }
        replay.forward();
      }
      expect(asked).toBeGreaterThan(0);
      if (title.endsWith('seed 1') && !['backtracking', 'simulated-annealing', 'tabu'].includes(ctx.strategy)) expect(ties, 'random ties are met and accepted').toBeGreaterThan(0);
    });
  }
});

describe('the questions asked', () => {
  it('asks annealing (accepted or refused?), tabu (which move is allowed?), AC-3 (which value goes?) and MRV (which column next?)', async () => {
    const kindsOf = async (task: Task) => {
      const events = await trace(task);
      const board = new Board(task.problem.board);
      const ctx: PredictContext = { strategy: task.strategy!, board, piece: bezzel.piece('queen')!, ...(task.options ? { options: task.options } : {}) };
      const replay = new Replay(events, board.width);
      const prompts: string[] = [];
      for (let p = 0; p < events.length; p++) {
        const q = questionAt(ctx, replay);
        if (q) prompts.push(`${q.kind}: ${q.prompt}`);
        replay.forward();
      }
      return prompts;
    };
    expect((await kindsOf(queens('simulated-annealing', 1))).filter((p) => p.startsWith('accept: Annealing proposes')).length).toBeGreaterThan(5);
    expect((await kindsOf({ ...queens('tabu', 4), options: { neighbourhood: 'full' } })).some((p) => p.startsWith('square: Which move does tabu search make?'))).toBe(true);
    const mac = await kindsOf({ ...queens('csp', 1), options: { inference: 'mac' } });
    expect(mac.some((p) => /^square: .*AC-3 removes more\. Click a value AC-3 removes\.$/.test(p))).toBe(true);
    expect((await kindsOf(queens('csp', 1))).some((p) => p.startsWith('column: Which column does MRV assign next?'))).toBe(true);
    // Warnsdorff never steps back, and is not offered the button.
    const tour: Task = { problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'warnsdorff', seed: 1 };
    const events = await trace(tour);
    const replay = new Replay(events, 8);
    const ctx: PredictContext = { strategy: 'warnsdorff', board: new Board(tour.problem.board), piece: bezzel.piece('knight')! };
    replay.seek(events.findIndex((e) => asks('warnsdorff', e)));
    expect(questionAt(ctx, replay)?.backtrack).toBe(false);
  });
});
