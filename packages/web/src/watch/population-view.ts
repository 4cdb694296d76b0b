import type { Birth } from '@bezzel/core';
import type { Run } from '../run/run.js';
import { digits, digitSpans, miniBoard, type ViewContent } from './view-parts.js';

/** The sub-steps of one child's making, in the order the algorithm takes them. */
export const BIRTH_STAGES = ['selection', 'crossover', 'mutation', 'child'] as const;
export type BirthStage = (typeof BIRTH_STAGES)[number];

/**
 * The genetic algorithm's view: how one child of this generation was made, a sub-step at a time (selection, the
 * crossover point, the mutated digits, the child's fitness), then the generation itself — a row per individual of
 * the sample with its digits and fitness, the best first (and on the board).
 */
export function populationView(run: Run, stage: BirthStage): ViewContent | undefined {
  const generation = run.replay.lastPopulation();
  if (!generation) return undefined;
  const n = generation.sample[0]?.rows.length ?? 0;
  const most = (n * (n - 1)) / 2;
  const rows = generation.sample.map((ind, i) => {
    const share = most > 0 ? Math.round((ind.fitness / most) * 100) : 0;
    return `<tr class="${i === 0 ? 'best' : ''}"><td>${miniBoard(ind.rows, 'tiny')}</td><td><code>${digits(ind.rows)}</code></td><td class="fit">${ind.fitness}</td><td class="bar"><span style="width:${share}%"></span></td></tr>`;
  });
  const html = [
    `<p class="small" id="view-said">Generation ${generation.generation + 1}: best ${generation.best} of ${most} non-attacking pairs, mean ${generation.mean.toFixed(1)}, diversity ${(generation.diversity * 100).toFixed(0)}% (digits that differ between two individuals, on average). The best is on the board.</p>`,
    generation.birth ? birthHtml(generation.birth, stage, most) : '<p class="small birth-none">The first generation is drawn at random: no parents yet. Step on to see a child made.</p>',
    `<div class="population"><table><thead><tr><th></th><th>rows by column</th><th>fitness</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`,
  ].join('');
  const birth = generation.birth ? ` stage=${stage}` : '';
  return { title: `Population (a sample of ${generation.sample.length})`, html, now: `generation=${generation.generation} best=${generation.best} first=${digits(generation.sample[0]?.rows ?? [])}${birth}` };
}

/** One child's making at one sub-step, with the buttons that move between the sub-steps. */
function birthHtml(birth: Birth, stage: BirthStage, most: number): string {
  const [a, b] = birth.parents;
  const tabs = BIRTH_STAGES.map((s, i) => `<button type="button" class="substep${s === stage ? ' on' : ''}" data-substep="${s}" aria-pressed="${s === stage}">${i + 1}. ${s}</button>`).join('');
  const parent = (p: typeof a, label: string, cls: string) => {
    const drawn = p.drawn ? ` — the fittest of ${p.drawn.length} drawn at random (${p.drawn.join(', ')})` : ' — drawn with probability in proportion to its fitness';
    return `<div class="parent ${cls}">${miniBoard(p.rows, 'small')}<p>${label}: <code>${digits(p.rows)}</code>, fitness ${p.fitness}${drawn}</p></div>`;
  };
  const fromA = (i: number) => (birth.crossover.kind === 'one-point' ? i < birth.crossover.cut : birth.crossover.from[i] === 0);
  const mutatedAt = new Set(birth.mutated.map((m) => m.at));
  let body: string;
  switch (stage) {
    case 'selection':
      body = parent(a, 'Parent 1', 'from-a') + parent(b, 'Parent 2', 'from-b');
      break;
    case 'crossover': {
      const how = birth.crossover.kind === 'one-point'
        ? `One-point crossover, cut after digit ${birth.crossover.cut}: the first ${birth.crossover.cut} digits of parent 1, the other ${birth.crossed.length - birth.crossover.cut} of parent 2.`
        : 'Uniform crossover: each digit from parent 1 or parent 2 by a coin.';
      const line = (rows: readonly number[], mine: (i: number) => boolean, cls: string) => `<code class="genes">${digitSpans(rows, (i) => (mine(i) ? cls : 'unused'))}</code>`;
      body = `<p>${how}</p><p class="genes-row"><span>1: ${line(a.rows, fromA, 'from-a')}</span></p><p class="genes-row"><span>2: ${line(b.rows, (i) => !fromA(i), 'from-b')}</span></p><p class="genes-row"><span>→ <code class="genes">${digitSpans(birth.crossed, (i) => (fromA(i) ? 'from-a' : 'from-b'))}</code></span></p>`;
      break;
    }
    case 'mutation': {
      const changes = birth.mutated.length === 0 ? 'No digit was redrawn this time.' : birth.mutated.map((m) => `digit ${m.at + 1}: ${m.from + 1} → ${m.to + 1}${m.from === m.to ? ' (redrawn, the same)' : ''}`).join('; ');
      body = `<p>Mutation redraws each digit with a small probability. ${changes}</p><p class="genes-row">${miniBoard(birth.child, 'small', [...mutatedAt])} <code class="genes">${digitSpans(birth.child, (i) => (mutatedAt.has(i) ? 'mutated' : fromA(i) ? 'from-a' : 'from-b'))}</code></p>`;
      break;
    }
    case 'child':
      body = `<p class="genes-row">${miniBoard(birth.child, 'small')}<span><code class="genes">${digits(birth.child)}</code>: fitness ${birth.fitness} of ${most}${birth.fitness === most ? ', a solution' : ''}.</span></p><p>It joins the next generation with every other child, bred the same way; the fittest of the old generation are copied over unchanged (elitism).</p>`;
      break;
  }
  return `<section class="birth" data-stage="${stage}"><h4>How a child is made</h4><div class="buttons substeps" role="group" aria-label="Sub-steps of a child's making">${tabs}</div>${body}</section>`;
}
