import { type Bezzel, COUNT_FLOOR_GOALS, type CountFloor, type Goal, optionList, type ProblemKind, type StrategyMeta } from '@bezzel/core';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What each bundled plugin contributes, written at build time (`dist/plugin-index.json`, from the plugins
 * themselves: {@link indexOf}) so that a command loads only the plugins that can serve it. `place queen -n 12
 * --goal count` needs the queen and the strategies that count placements, not the tours, the fairy pieces or the
 * domination solvers: loading all of them takes longer than counting 12 queens.
 */
export interface PluginIndex {
  readonly plugins: Readonly<Record<string, PluginContents>>;
}

export interface PluginContents {
  readonly pieces: readonly string[];
  readonly strategies: readonly IndexedStrategy[];
  /** Parts as `kind/id`. */
  readonly parts: readonly string[];
  /** The size of the built module the contents were read from: another size means the index is stale. */
  readonly bytes?: number;
}

/** A strategy as the index knows it: its declaration's id, what it serves and its count floor, and the part kinds it takes. */
export type IndexedStrategy = Pick<StrategyMeta, 'id' | 'problems' | 'goals' | 'countFloor'> & { readonly partKinds: readonly string[] };

/** What a solving command needs: its piece as typed, its problem and goal, the strategy it names and its options. */
export interface PluginNeed {
  readonly piece: string;
  readonly kind: ProblemKind;
  readonly goal: Goal;
  readonly strategy?: string | undefined;
  readonly options?: Readonly<Record<string, unknown>> | undefined;
  /**
   * The command picks its route by `auto` alone, asking nothing else of the registry (no split over workers, no
   * cross-check): then plugins whose strategies declare a count floor may wait (see {@link waitingPlugins}).
   */
  readonly choosesOnly?: boolean;
}

/**
 * The index of the plugins loaded into a registry (by the name each was loaded with), each stamped with the size of
 * its built module (`bytesOf`, when given).
 */
export function indexOf(bezzel: Bezzel, names: readonly string[], bytesOf?: (name: string) => number | undefined): PluginIndex {
  const plugins: Record<string, PluginContents> = {};
  for (const name of names) {
    const bytes = bytesOf?.(name);
    plugins[name] = {
      ...(bytes !== undefined ? { bytes } : {}),
      pieces: bezzel.pieces.filter((p) => bezzel.origin('piece', p.id) === name).map((p) => p.id),
      strategies: bezzel.strategies
        .filter((s) => bezzel.origin('strategy', s.meta.id) === name)
        .map((s) => ({
          id: s.meta.id,
          problems: s.meta.problems,
          goals: s.meta.goals,
          partKinds: optionList(s.meta).flatMap((o) => (o.partKind ? [o.partKind] : [])),
          ...(s.meta.countFloor ? { countFloor: s.meta.countFloor } : {}),
        })),
      parts: bezzel.parts.filter((p) => bezzel.origin('part', `${p.kind}/${p.id}`) === name).map((p) => `${p.kind}/${p.id}`),
    };
  }
  return { plugins };
}

/** Where the build writes the index: beside the compiled command (`@bezzel/cli/plugin-index.json`). */
function indexFile(): string | undefined {
  try {
    return fileURLToPath(import.meta.resolve('@bezzel/cli/plugin-index.json'));
  } catch {
    return undefined;
  }
}

export function writePluginIndex(index: PluginIndex, file = indexFile()): void {
  if (file === undefined) throw new Error('@bezzel/cli/plugin-index.json does not resolve');
  writeFileSync(file, `${JSON.stringify(index)}\n`);
}

/** The index the build wrote, or undefined (a checkout not built since, a damaged file): then every plugin loads. */
export function readPluginIndex(file = indexFile()): PluginIndex | undefined {
  if (file === undefined) return undefined;
  try {
    const index = JSON.parse(readFileSync(file, 'utf8')) as PluginIndex;
    return typeof index.plugins === 'object' && index.plugins !== null ? index : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the index still describes the built plugins: each of `order` is listed, and a plugin loaded from a build
 * has the size the index was made from (a plugin rebuilt since, with other contents, makes the index stale: then
 * every plugin loads). A plugin run from its sources (`bytesOf` says undefined: the tests) cannot be compared.
 */
export function isCurrent(index: PluginIndex, order: readonly string[], bytesOf: (name: string) => number | undefined): boolean {
  return order.every((name) => {
    const contents = index.plugins[name];
    if (contents === undefined) return false;
    const bytes = bytesOf(name);
    return bytes === undefined || bytes === contents.bytes;
  });
}

/**
 * The plugins, of those the index lists (in their order), that a command needs: the piece's, and those of the
 * strategies that could run — the one named, or for `auto` every strategy that does this kind of problem and goal
 * — with the plugins of the parts those strategies take. Undefined when the index cannot say (a piece or strategy
 * it does not know, options that may name other strategies): then every plugin loads, as it always did.
 */
export function pluginsNeeded(index: PluginIndex, need: PluginNeed, order: readonly string[]): string[] | undefined {
  if (Object.keys(need.options ?? {}).length > 0) return undefined;
  const entries = order.map((name) => [name, index.plugins[name]] as const);
  if (entries.some(([, contents]) => contents === undefined)) return undefined;
  const typed = need.piece.trim().toLowerCase();
  const owns = (id: string) => entries.filter(([, c]) => c!.pieces.includes(id)).map(([name]) => name);
  const pieceOwners = owns(typed).length > 0 ? owns(typed) : typed.endsWith('s') ? owns(typed.slice(0, -1)) : [];
  if (pieceOwners.length === 0) return undefined;
  const named = need.strategy !== undefined && need.strategy !== 'auto' ? need.strategy : undefined;
  const serving = servingStrategies(entries, need);
  if (named !== undefined && serving.length === 0) return undefined;
  const kinds = new Set(serving.flatMap((s) => s.partKinds));
  const wanted = new Set([...pieceOwners, ...serving.map((s) => s.name)]);
  for (const [name, c] of entries) if (c!.parts.some((part) => kinds.has(part.split('/')[0]!))) wanted.add(name);
  return order.filter((name) => wanted.has(name));
}

/** The strategies that could serve a need, each with its plugin: the one named, or for `auto` every one that does its problem and goal. */
function servingStrategies(entries: readonly (readonly [string, PluginContents | undefined])[], need: PluginNeed): (IndexedStrategy & { readonly name: string })[] {
  const named = need.strategy !== undefined && need.strategy !== 'auto' ? need.strategy : undefined;
  return entries.flatMap(([name, c]) =>
    (c?.strategies ?? []).filter((s) => (named !== undefined ? s.id === named : s.problems.includes(need.kind) && s.goals.includes(need.goal))).map((s) => ({ ...s, name })),
  );
}

/** A plugin left to wait, with the count floors of its strategies that could serve. */
export interface WaitingPlugin {
  readonly name: string;
  readonly floors: readonly CountFloor[];
}

/**
 * Of the plugins a command needs, those that may wait until the route is known: only for `auto` with nothing else
 * asked (`choosesOnly`) and a goal a count floor speaks of (a first placement loads them all at once), a plugin that contributes no piece, whose every strategy that could serve declares a
 * count floor, and whose parts no strategy that stays takes. Once the plugins that stay have found their cheapest
 * route, a waiting plugin loads only if one of its floors is not above that route's cost: `auto` would not ask a
 * strategy whose floor is above the cheapest cost found either (Bezzel.cheapest), so the choice is the same.
 */
export function waitingPlugins(index: PluginIndex, need: PluginNeed, needed: readonly string[]): WaitingPlugin[] {
  if (!need.choosesOnly || (need.strategy !== undefined && need.strategy !== 'auto') || !COUNT_FLOOR_GOALS.includes(need.goal)) return [];
  const entries = needed.map((name) => [name, index.plugins[name]] as const);
  const serving = servingStrategies(entries, need);
  const floored = (name: string) => {
    const own = serving.filter((s) => s.name === name);
    return own.length > 0 && own.every((s) => s.countFloor !== undefined);
  };
  const staying = serving.filter((s) => !floored(s.name));
  const kindsStaying = new Set(staying.flatMap((s) => s.partKinds));
  return entries
    .filter(([name, c]) => c !== undefined && c.pieces.length === 0 && floored(name) && !c.parts.some((part) => kindsStaying.has(part.split('/')[0]!)))
    .map(([name]) => ({ name, floors: serving.filter((s) => s.name === name).map((s) => s.countFloor!) }));
}
