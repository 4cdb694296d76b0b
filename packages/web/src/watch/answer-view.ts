import { answerOf } from './answer.js';
import { byId, el, setAttr, setText } from '../shared/dom.js';
import type { Run } from '../run/run.js';

/**
 * The answer card: what the run found, in the CLI's words and figures, or the error that stands instead of a
 * result. A new run empties it at once, so an old answer never sits beside a new question.
 */
export function drawAnswer(run: Run | undefined, error: string | undefined): void {
  // The run the card describes, so a test (or a curious reader) can tell one run's answer from the next.
  byId('answer').dataset.run = error !== undefined ? 'none' : String(run?.id ?? 0);
  const status = byId('answer-status');
  const figures = byId('answer-figures');
  const put = (badge: string, tone: string, headline: string, rows: readonly (readonly [string, string])[], stats: string, notes: string) => {
    setText(status, badge);
    setAttr(status, 'class', `badge ${tone}`);
    setText(byId('answer-headline'), headline);
    const key = JSON.stringify(rows);
    if (figures.dataset.key !== key) {
      figures.dataset.key = key;
      figures.replaceChildren(...rows.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, value)]));
    }
    setText(byId('answer-stats'), stats);
    setText(byId('answer-notes'), notes);
    // Screen readers hear the answer once it is there, not every count while a run streams.
    if (badge !== 'running') setText(byId('answer-said'), `${badge}: ${headline}`);
  };
  if (error !== undefined) {
    put('error', 'bad', error, [], '', '');
    return;
  }
  if (!run) {
    put('not run yet', '', 'Press Run to search.', [], '', '');
    return;
  }
  const notes = run.notes.join(' ');
  if (run.error !== undefined) {
    put('error', 'bad', run.error, [], '', notes);
    return;
  }
  const { board, piece, instance } = run.setup;
  const k = instance.kind === 'placement' || instance.kind === 'dominate' ? instance.k : undefined;
  if (run.result) {
    const answer = answerOf(board, piece, run.result, k);
    put(answer.status, answer.tone, answer.headline, answer.figures, answer.stats, notes);
    return;
  }
  const live = run.live;
  const rows: [string, string][] = [];
  if (live?.nodes !== undefined) rows.push(['Nodes so far', live.nodes.toLocaleString('en')]);
  if (live?.solutions !== undefined) rows.push(['Solutions so far', live.solutions.toLocaleString('en')]);
  rows.push(['Steps recorded', run.events.length.toLocaleString('en')]);
  put(run.running ? 'running' : 'stopped', '', run.running ? 'Searching…' : 'Stopped before an answer; what was recorded can be replayed.', rows, '', notes);
}
