import { UsageError } from '@bezzel/core';
import type { Command } from 'commander';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { inert } from './inert-text.js';
import { userCwd } from './plugins.js';

/** The options, across commands, that name a file the command will write. */
const FILE_OPTIONS = ['out', 'chart', 'runsOut', 'checkpoint'] as const;
const FLAG: Readonly<Record<(typeof FILE_OPTIONS)[number], string>> = { out: '--out', chart: '--chart', runsOut: '--runs-out', checkpoint: '--checkpoint' };

/**
 * Refuses, before any work, a request whose output cannot come out as asked: a file in a folder that does not
 * exist (found out only after every run otherwise), or `--format` and `--out` asking for two different things.
 * Runs as commander's preAction hook, so every command gets it the same way.
 */
export function checkOutputRequest(command: Command): void {
  const options = command.opts() as Record<string, unknown>;
  for (const name of FILE_OPTIONS) {
    const value = options[name];
    for (const file of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (typeof file === 'string') checkFolder(FLAG[name], file);
    }
  }
  const format = command.getOptionValueSource('format') === 'cli' ? options['format'] : undefined;
  const out = options['out'];
  if (typeof out !== 'string' || format === undefined || command.name() === 'experiment') return;
  const drawing = /\.png$/i.test(out) ? 'png' : /\.svg$/i.test(out) ? 'svg' : undefined;
  if (format === 'json' || format === 'text') {
    throw new UsageError('ERR_OPTION', `--format ${format} writes to standard output and --out ${inert(out)} writes a drawing: give one of them (for a file of JSON: --format json > answer.json)`);
  }
  if (format === 'svg' && drawing === 'png') throw new UsageError('ERR_OPTION', `--format svg and --out ${inert(out)} (a PNG) disagree: give one of them`);
}

function checkFolder(flag: string, file: string): void {
  if (file === '' || file === '-') return;
  const folder = dirname(resolve(userCwd(), file));
  let isFolder: boolean;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    throw new UsageError('ERR_OPTION', `${flag} ${inert(file)}: the folder ${inert(folder)} does not exist`);
  }
  if (!isFolder) throw new UsageError('ERR_OPTION', `${flag} ${inert(file)}: ${inert(folder)} is not a folder`);
}
