import { quoted, UsageError } from '@bezzel/core';
import type { Command, Option } from 'commander';

/**
 * Commander keeps the last value of an option given twice (`--seed 1 --seed 2` ran with 2): the first is
 * dropped without a word. Every option that takes one value is watched here; given twice with two different
 * values, the command is refused in one line naming both. The same value twice drops nothing and passes. An
 * option that collects (`--plugin`, `-o`, `--chart`: a list or a map as its default) is repeatable by design;
 * the parsers of `-o` and `--sweep` refuse one name given two values themselves.
 */
export function refuseRepeatedOptions(command: Command): void {
  for (const option of command.options as readonly Option[]) {
    if (repeatable(option)) continue;
    const name = option.attributeName();
    let first: string | undefined;
    let seen = false;
    command.on(`option:${option.name()}`, (value: unknown) => {
      const given = value === undefined || value === null ? '' : String(value);
      if (seen && given !== first) {
        const flag = option.short && option.long ? `${option.short}/${option.long}` : (option.long ?? option.short ?? name);
        throw new UsageError('ERR_OPTION', `${flag} is given twice, ${shown(first!)} and ${shown(given)}: it takes one value; give it once`);
      }
      seen = true;
      first = given;
    });
  }
}

/** A list or a map as its default (the parser adds to it), or commander's own `<values...>`. */
function repeatable(option: Option): boolean {
  return option.variadic || Array.isArray(option.defaultValue) || (typeof option.defaultValue === 'object' && option.defaultValue !== null);
}

function shown(value: string): string {
  return value === '' ? 'as a flag' : quoted(value, 60);
}
