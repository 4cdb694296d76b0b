import { inert, UsageError } from '@bezzel/core';
import type { Command } from 'commander';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { userCwd } from '../plugins/load-plugins.js';

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
  const named = new Map<string, string>();
  for (const name of FILE_OPTIONS) {
    const value = options[name];
    for (const file of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      if (typeof file !== 'string') continue;
      if (file === '') throw new UsageError('ERR_OPTION', `${FLAG[name]} "" names no file: give a file name`);
      checkFolder(FLAG[name], file);
      checkTarget(FLAG[name], file, name === 'checkpoint');
      // Two outputs into one file: the second would silently overwrite the first.
      const path = resolve(userCwd(), file);
      const earlier = named.get(path);
      if (earlier !== undefined) throw new UsageError('ERR_OPTION', `${earlier} and ${FLAG[name]} ${inert(file)} name the same file: the second would overwrite the first; give each its own`);
      named.set(path, `${FLAG[name]} ${inert(file)}`);
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

/**
 * A path that already exists must be something the option can write: never a folder (found out only after every
 * run otherwise), and for --checkpoint, which is read back and appended to, a regular file: a device such as
 * /dev/full or /dev/zero would be read for ever.
 */
function checkTarget(flag: string, file: string, readBack: boolean): void {
  if (file === '-') return;
  let stat;
  try {
    stat = statSync(resolve(userCwd(), file));
  } catch {
    return;
  }
  if (stat.isDirectory()) throw new UsageError('ERR_OPTION', `${flag} ${inert(file)}: it is a folder, not a file`);
  if (readBack && !stat.isFile()) throw new UsageError('ERR_OPTION', `${flag} ${inert(file)}: not a regular file (a checkpoint is read back and added to); name a file`);
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
