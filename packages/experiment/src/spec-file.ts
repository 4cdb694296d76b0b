import { UsageError } from '@bezzel/core';

/** What a spec file holds: the spec itself, or the results of an earlier run, whose spec it carries. */
export interface SpecFileContents {
  /** The spec as written, not yet checked (see parseSpec). */
  readonly spec: unknown;
  /** For a results file: the bezzel version that made it. */
  readonly madeBy?: string;
}

/**
 * Reads a spec file's text: YAML when the name ends in .yaml or .yml, JSON otherwise. A results file (`--out
 * results.json`) is a spec file too: its `spec` is what re-runs it. The YAML parser is loaded only for YAML.
 */
export async function readSpecText(text: string, fileName: string): Promise<SpecFileContents> {
  let data: unknown;
  if (/\.ya?ml$/i.test(fileName)) {
    const { parse, YAMLParseError } = await import('yaml');
    try {
      // Plain data only (the core schema: no custom tags), and a key written twice is an error, not the last one winning.
      data = parse(text, { schema: 'core', uniqueKeys: true, logLevel: 'error' });
    } catch (error) {
      // The message's first line says what and where ("… at line 2, column 1:"); the lines after it quote the file.
      if (error instanceof YAMLParseError) throw new UsageError('ERR_SPEC', `${fileName}: ${firstLine(error.message).replace(/:$/, '')}`);
      throw error;
    }
  } else {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new UsageError('ERR_SPEC', `${fileName} is not JSON: ${firstLine((error as Error).message)} (a YAML spec is named .yaml or .yml)`);
    }
  }
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
