import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import { assertPiece, type Piece } from './piece.js';
import { assertPart, assertStrategy, type SearchStrategy, type StrategyPart } from './strategy.js';
import { TYPES } from './tokens.js';

type Bind = ContainerModuleLoadOptions['bind'];

/** Binds a piece after checking its shape, so a malformed plugin fails at start-up, not mid-search. */
export function bindPiece(bind: Bind, piece: Piece): void {
  assertPiece(piece);
  bind<Piece>(TYPES.Piece).toConstantValue(piece);
}

/** Binds a strategy after checking its shape (meta, supports, run), so a malformed plugin fails at start-up. */
export function bindStrategy(bind: Bind, strategy: SearchStrategy): void {
  assertStrategy(strategy);
  bind<SearchStrategy>(TYPES.Strategy).toConstantValue(strategy);
}

/** Binds a part after checking its shape (kind, id, description). */
export function bindPart(bind: Bind, part: StrategyPart): void {
  assertPart(part);
  bind<StrategyPart>(TYPES.Part).toConstantValue(part);
}

/** The ContainerModule of a plugin that contributes pieces, strategies and parts as plain objects. */
export function pluginModule(contents: {
  pieces?: readonly Piece[];
  strategies?: readonly SearchStrategy[];
  parts?: readonly StrategyPart[];
}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    for (const piece of contents.pieces ?? []) bindPiece(bind, piece);
    for (const strategy of contents.strategies ?? []) bindStrategy(bind, strategy);
    for (const part of contents.parts ?? []) bindPart(bind, part);
  });
}
