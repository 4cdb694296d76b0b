import { Board, fail, ok, type OptionValue, type Parsed, type Task } from '@bezzel/core';
import { optionValue } from './option-fields.js';
import type { PageState } from './state.js';

/** The Task a page state asks for, with the piece id resolved (a Betza piece has a generated id). */
export function taskOf(state: PageState, pieceId: string): Parsed<Task> {
  const board = Board.parse({ width: state.width, height: state.height });
  if (!board.ok) return board;
  const budget = { maxTimeMs: state.maxTimeMs, ...(state.maxSteps !== undefined ? { maxSteps: state.maxSteps } : {}) };
  const options: Record<string, OptionValue> = {};
  for (const [name, text] of Object.entries(state.options)) options[name] = optionValue(text);
  const common = { goal: state.goal, strategy: state.strategy, budget, seed: state.seed, ...(Object.keys(options).length ? { options } : {}) };
  const k = state.k !== undefined ? { k: state.k } : {};
  if (state.problem === 'placement') return ok({ problem: { kind: 'placement', board: board.value.spec, piece: pieceId, ...k }, ...common });
  if (state.problem === 'dominate') {
    // Plain domination is written as the CLI writes it: without a variant.
    const variant = state.variant !== 'plain' ? { variant: state.variant } : {};
    return ok({ problem: { kind: 'dominate', board: board.value.spec, piece: pieceId, ...variant, ...k }, ...common });
  }
  let start: number | undefined;
  if (state.start !== '') {
    const parsed = board.value.parseSquare(state.start);
    if (!parsed.ok) return fail('ERR_SQUARE', `start square: ${parsed.error.message}`);
    start = parsed.value;
  }
  return ok({ problem: { kind: 'tour', board: board.value.spec, piece: pieceId, closed: state.closed, ...(start !== undefined ? { start } : {}) }, ...common });
}
