import { UsageError, type SubTask } from '@bezzel/core';
import { engineOf, type DominateInstance, type Setup } from './setup.js';

/**
 * Splitting stops deepening here: a node this deep that still branches is a sub-task whatever the count. Leapers
 * branch on the two or three knights that cover a corner, so a level adds little: at 6 levels knights 20×20 gave
 * only 1,188 sub-tasks of more than 20 s each, whatever --parts asked.
 */
const MAX_SPLIT_DEPTH = 24;

/** Reads a sub-task's `prefix` option: branch indices joined with "." (the empty string is the root). */
export function pathOf(text: string): number[] {
  if (text === '') return [];
  const path = text.split('.').map(Number);
  if (path.some((i) => !Number.isSafeInteger(i) || i < 0)) throw new UsageError('ERR_OPTION', `option prefix must be branch indices joined with ".", not "${text}"`);
  return path;
}

/**
 * Cuts a count into the subtrees of the search: the root's branches, then theirs, breadth first, until there are
 * at least `parts`. Each branch excludes those before it, so the subtrees' sets are disjoint and together are all
 * of them: weights are 1. A node that no longer branches (a leaf) stays a sub-task of its own.
 */
export function splitCount(instance: DominateInstance, setup: Setup, parts: number): SubTask[] {
  const k = instance.k!;
  const engine = engineOf(setup);
  let frontier: number[][] = [[]];
  for (let depth = 0; depth < MAX_SPLIT_DEPTH && frontier.length < parts; depth++) {
    const next: number[][] = [];
    let grew = false;
    for (const path of frontier) {
      const branches = path.length === depth ? engine.branches(path, k) : 0;
      if (branches === 0) next.push(path);
      else {
        grew = true;
        for (let i = 0; i < branches; i++) next.push([...path, i]);
      }
    }
    frontier = next;
    if (!grew) break;
  }
  return frontier.map((path) => ({
    task: { ...instance.task, strategy: 'cover-search', options: { ...instance.task.options, prefix: path.join('.') } },
    weight: 1,
  }));
}
