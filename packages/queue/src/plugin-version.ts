import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginRequirement } from './capability.js';

/**
 * A plugin as a count names it to workers: its specifier, and its version — the version in the package.json of
 * the package it belongs to, or for a plugin that is a file of its own (no package of that name above it) a hash
 * of its contents, so a worker with another copy of the file does not run it.
 */
export function describePlugin(specifier: string, url: string): PluginRequirement {
  const path = fileURLToPath(url);
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === specifier && version) return { specifier, version };
    }
    if (dirname(dir) === dir) break;
  }
  return { specifier, version: `sha256:${createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16)}` };
}
