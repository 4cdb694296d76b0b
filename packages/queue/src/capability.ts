import { createHash } from 'node:crypto';
import packageJson from '../package.json' with { type: 'json' };

/** The bezzel version of this code: recorded in every count, compared by workers. */
export const BEZZEL_VERSION: string = packageJson.version;

/** A plugin a count's sub-tasks need: how workers name it, and which version (a package's, or a file's hash). */
export interface PluginRequirement {
  readonly specifier: string;
  readonly version: string;
}

/**
 * What a worker must have to run a count's sub-tasks: a bezzel of the same release line (the split and the
 * sub-task format may change between lines) and each plugin at the same version (a plugin's split keys and
 * weights are its own).
 */
export interface Capability {
  readonly bezzel: string;
  readonly plugins: readonly PluginRequirement[];
}

/** The release line a version belongs to: `0.1` for 0.1.x (before 1.0 a minor version may break), `2` for 2.x. */
export function releaseLine(version: string): string {
  const [major = '0', minor = '0'] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

export function capabilityOf(plugins: readonly PluginRequirement[], version = BEZZEL_VERSION): Capability {
  const sorted = [...plugins].sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
  return { bezzel: releaseLine(version), plugins: sorted.map(({ specifier, version }) => ({ specifier, version })) };
}

/**
 * The queue a capability's sub-tasks wait on: workers listen only on the queues of capabilities they have, so a
 * worker never takes (and never fails) a sub-task it cannot run.
 */
export function subTaskQueueOf(capability: Capability): string {
  return `sub-tasks-${createHash('sha256').update(JSON.stringify(capability)).digest('hex').slice(0, 16)}`;
}

/** Why a worker with these plugins (by specifier: version) cannot run a capability's sub-tasks; undefined if it can. */
export function unmetNeed(capability: Capability, offered: ReadonlyMap<string, string>, version = BEZZEL_VERSION): string | undefined {
  if (capability.bezzel !== releaseLine(version)) return `it was split by bezzel ${capability.bezzel}.x and this worker is bezzel ${version}, whose sub-tasks may differ`;
  const missing = capability.plugins.filter((p) => !offered.has(p.specifier));
  if (missing.length > 0) return `it needs plugin ${missing.map((p) => p.specifier).join(', ')} (start the worker with --plugin ${missing[0]!.specifier})`;
  const other = capability.plugins.filter((p) => offered.get(p.specifier) !== p.version);
  if (other.length > 0) return `it needs ${other.map((p) => `${p.specifier} ${p.version}`).join(', ')}; this worker has ${other.map((p) => `${offered.get(p.specifier)}`).join(', ')}`;
  return undefined;
}

/** In words, for messages: the plugins and the bezzel line a count needs. */
export function describeCapability(capability: Capability): string {
  return `bezzel ${capability.bezzel}.x with ${capability.plugins.map((p) => `${p.specifier} ${p.version}`).join(', ') || 'no plugins'}`;
}
