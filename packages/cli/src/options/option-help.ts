import { describeValue, optionList, type Bezzel, type ProblemKind, type SearchStrategy } from '@bezzel/core';

/**
 * A strategy's options as lines of text, from their declarations: `-o name=… (what it may be) default …:
 * what it does`. `bezzel list` and the solving commands' `--help` both print these.
 */
export function optionLines(bezzel: Bezzel, strategy: SearchStrategy, indent: string): string[] {
  return optionList(strategy.meta)
    .filter((o) => !o.internal)
    .map((o) => {
      const values = o.partKind ? bezzel.partsOf(o.partKind).map((p) => p.id).join(' | ') : describeValue(o);
      return `${indent}-o ${o.name}=… (${values})${o.default !== undefined ? ` default ${o.default}` : ''}: ${o.description}`;
    });
}

/** The `--help` section of a solving command: every strategy for its kind of problem with its options. */
export function strategiesHelp(bezzel: Bezzel, kind: ProblemKind): string {
  const lines = ['', `Strategies (--strategy ID) and their options (-o name=value), as \`bezzel list\` shows them:`];
  for (const strategy of bezzel.strategies.filter((s) => s.meta.problems.includes(kind))) {
    lines.push(`  ${strategy.meta.id}: ${strategy.meta.description}`, ...optionLines(bezzel, strategy, '      '));
  }
  return lines.join('\n');
}
