import { UsageError, type UsageErrorCode } from './errors.js';

/**
 * How deep a file a user gives (an experiment spec, a checkpoint, a grade spec, a lecture) may nest its lists and
 * maps. A spec nests five levels at most (`race.parameters.alpha.when.schedule`); a file 100,000 deep is no spec,
 * and every reader that recurses (the JSON and YAML parsers, the schema checks, the message that quotes the
 * place) would run out of stack on it. Checked before anything recurses: on the text, without recursion.
 */
export const MAX_NESTING = 64;

/**
 * The deepest nesting of `[` and `{` in a JSON text, or in the flow collections of a YAML one, not counting
 * brackets inside quoted strings or YAML comments; it stops reading once past `limit` (returning limit + 1), so
 * a hostile file costs one pass at most. Block nesting (YAML's indentation) is not seen here: {@link valueNesting}
 * measures the parsed value.
 */
export function textNesting(text: string, limit: number = MAX_NESTING): number {
  let depth = 0;
  let deepest = 0;
  let quote = '';
  let comment = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (comment) {
      if (c === 10 || c === 13) comment = false;
      continue;
    }
    if (quote !== '') {
      if (c === 92 && quote === '"') i++; // a backslash escapes the next character in a double-quoted string
      else if (text[i] === quote) {
        // YAML's single-quoted strings escape a quote by doubling it.
        if (quote === "'" && text[i + 1] === "'") i++;
        else quote = '';
      }
      continue;
    }
    if (c === 34 /* " */) quote = '"';
    else if (c === 39 /* ' */ && (i === 0 || /[\s[{,:]/.test(text[i - 1]!))) quote = "'";
    else if (c === 35 /* # */ && (i === 0 || /\s/.test(text[i - 1]!))) comment = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/**
 * The nesting depth of a parsed value (a list or a map counts one level), measured with a stack of its own rather
 * than by recursion; it stops once past `limit` (returning limit + 1).
 */
export function valueNesting(value: unknown, limit: number = MAX_NESTING): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (typeof child === 'object' && child !== null) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Refuses a text that nests past {@link MAX_NESTING} before it is parsed: a usage error naming `what` (the file)
 * and the limit.
 */
export function checkTextNesting(text: string, what: string, code: UsageErrorCode = 'ERR_SPEC'): void {
  if (textNesting(text) > MAX_NESTING) throw tooDeep(what, code);
}

/** Refuses a parsed value that nests past {@link MAX_NESTING} (YAML's indentation, which the text check cannot see). */
export function checkValueNesting(value: unknown, what: string, code: UsageErrorCode = 'ERR_SPEC'): void {
  if (valueNesting(value) > MAX_NESTING) throw tooDeep(what, code);
}

function tooDeep(what: string, code: UsageErrorCode): UsageError {
  return new UsageError(code, `${what} nests lists and maps more than ${MAX_NESTING} deep, the most a file bezzel reads may (a spec needs about 5)`);
}
