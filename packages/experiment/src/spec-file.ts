import { checkTextNesting, checkValueNesting, MAX_NESTING, UsageError } from '@bezzel/core';

/** What a spec file holds: the spec itself, or the results of an earlier run, whose spec it carries. */
export interface SpecFileContents {
  /** The spec as written, not yet checked (see parseSpec). */
  readonly spec: unknown;
  /** For a results file: the bezzel version that made it. */
  readonly madeBy?: string;
}

/** A spec is a few lines; a results file holds every run (a million runs of a few hundred bytes fit). */
const MAX_SPEC_CHARS = 256 * 1024 * 1024;
/** YAML aliases a spec may use: a handful is plenty, and the limit defuses files that expand through them. */
const MAX_ALIASES = 20;

/**
 * Reads a spec file's text: YAML when the name ends in .yaml or .yml, JSON otherwise. A results file (`--out
 * results.json`) is a spec file too: its `spec` is what re-runs it. The YAML parser is loaded only for YAML.
 */
export async function readSpecText(text: string, fileName: string): Promise<SpecFileContents> {
  if (text.length > MAX_SPEC_CHARS) throw new UsageError('ERR_SPEC', `${fileName} has ${text.length} characters; a spec (or a results file) of more than ${MAX_SPEC_CHARS} is not one this command reads`);
  // Before any parser recurses into it: a file nested 100,000 deep would run every one of them out of stack.
  checkTextNesting(text, fileName);
  let data: unknown;
  if (/\.ya?ml$/i.test(fileName)) {
    const { parse, YAMLParseError } = await import('yaml');
    try {
      // Plain data only (the core schema: no custom tags), a key written twice is an error (not the last one
      // winning), and aliases are few: a spec has no need of them, and a "billion laughs" file expands through them.
      data = parse(text, { schema: 'core', uniqueKeys: true, logLevel: 'error', maxAliasCount: MAX_ALIASES });
    } catch (error) {
      if (error instanceof RangeError || /call stack/i.test((error as Error).message)) throw new UsageError('ERR_SPEC', `${fileName} nests more deeply than the YAML reader can follow; a file bezzel reads nests at most ${MAX_NESTING} deep`);
      // The message's first line says what and where ("… at line 2, column 1:"); the lines after it quote the file.
      if (error instanceof YAMLParseError) throw new UsageError('ERR_SPEC', `${fileName}: ${firstLine(error.message).replace(/:$/, '')}`);
      // The parser's other refusals (too many aliases, an alias to nothing) are the file's fault too.
      throw new UsageError('ERR_SPEC', `${fileName}: ${firstLine((error as Error).message)} (a spec needs no YAML aliases)`);
    }
  } else {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new UsageError('ERR_SPEC', `${fileName} is not JSON: ${firstLine((error as Error).message)} (a YAML spec is named .yaml or .yml)`);
    }
  }
  // YAML's indentation nests too, which the text's brackets do not show.
  checkValueNesting(data, fileName);
  if (isRecord(data) && isRecord(data.spec) && Array.isArray(data.runs)) {
    return { spec: data.spec, ...(typeof data.bezzel === 'string' ? { madeBy: data.bezzel } : {}) };
  }
  return { spec: data };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
