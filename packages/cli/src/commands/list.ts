import { optionList, type Movement } from '@bezzel/core';
import { stringify } from '@bezzel/render';
import { Command, Option } from 'commander';
import { optionLines } from '../options/option-help.js';
import { out } from '../output/output.js';
import { createCliBezzel } from '../plugins/load-plugins.js';
import type { SetExit } from '../exit.js';

/** `bezzel list`: the pieces and strategies registered, each strategy with what it supports. */
export function listCommand(setExit: SetExit): Command {
  return new Command('list')
    .description('the pieces, strategies and strategy parts registered')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--plugin <module>', 'load a plugin (repeatable)', (v: string, p: string[] = []) => [...p, v], [])
    .action(async (options: { format: string; plugin: string[] }) => {
      const { bezzel, plugins } = await createCliBezzel(options.plugin);
      if (options.format === 'json') {
        out(stringify({
          plugins: plugins.map((p) => p.name),
          pieces: bezzel.pieces.map((p) => ({ id: p.id, name: p.name, symbol: p.symbols.unicode, betza: p.betza, movement: p.movement })),
          // Options as the data they declare (the schemas that check them are code): what a program needs to offer them.
          strategies: bezzel.strategies.map((s) => ({
            ...s.meta,
            options: optionList(s.meta).map((o) => (o.partKind ? { ...o, choices: bezzel.partsOf(o.partKind).map((p) => p.id) } : o)),
          })),
          parts: bezzel.parts.map((p) => ({ kind: p.kind, id: p.id, description: p.description })),
        }, 2));
        return;
      }
      out('Pieces:');
      for (const p of bezzel.pieces) {
        out(`  ${p.id.padEnd(14)} ${p.symbols.unicode} ${p.symbols.ascii}  ${(p.betza ?? '').padEnd(6)} ${describeMovement(p.movement)}${p.attacks ? ' + custom rule' : ''}`);
      }
      out('\nStrategies:');
      for (const s of bezzel.strategies) {
        const m = s.meta;
        out(`  ${m.id.padEnd(16)} ${m.description}`);
        out(`  ${''.padEnd(16)} problems: ${m.problems.join(', ')}; goals: ${m.goals.join(', ')}${m.stochastic ? '; stochastic (seeded)' : ''}`);
        for (const line of optionLines(bezzel, s, `  ${''.padEnd(16)} `)) out(line);
      }
      out(`\nPlugins loaded: ${plugins.map((p) => p.name).join(', ')}`);
    });
}

function describeMovement(m: Movement): string {
  const vectors = (list: readonly { dx: number; dy: number; range?: number }[]) => {
    const shapes = new Set(list.map((v) => `(${Math.min(Math.abs(v.dx), Math.abs(v.dy))},${Math.max(Math.abs(v.dx), Math.abs(v.dy))})${v.range ? `×${v.range}` : ''}`));
    return [...shapes].join(' ');
  };
  const parts: string[] = [];
  if (m.leaps.length > 0) parts.push(`leaps ${vectors(m.leaps)}`);
  if (m.rides.length > 0) parts.push(`rides ${vectors(m.rides)}`);
  return parts.join('; ');
}
