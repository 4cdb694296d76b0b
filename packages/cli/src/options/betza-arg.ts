import { pluginModule, type NamedPlugin } from '@bezzel/core';

/**
 * A piece argument `betza:NC` defines a piece on the spot: it is built from the notation and loaded as one more
 * one-piece plugin, so the Solver resolves it like any other piece. Undefined for an ordinary piece id.
 */
export async function betzaArgument(text: string): Promise<{ id: string; plugin: NamedPlugin } | undefined> {
  const match = /^\s*betza:(.*)$/i.exec(text);
  if (!match) return undefined;
  // The Betza reader loads only for such a piece (it builds its named pieces as it loads).
  const { betzaPiece } = await import('@bezzel/fairy');
  const piece = betzaPiece(match[1]!);
  if (!piece.ok) throw piece.error;
  return { id: piece.value.id, plugin: { name: `betza:${piece.value.betza}`, module: pluginModule({ pieces: [piece.value] }) } };
}
