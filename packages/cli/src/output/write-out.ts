import { once } from 'node:events';

/** Writes a short text and a line end to stdout. Anything that can be long goes through {@link writeOut}. */
export const out = (text: string) => process.stdout.write(`${text}\n`);

/** Pieces of output are gathered into writes of about this many characters. */
const BATCH = 1 << 16;

/**
 * Writes output that comes in pieces (a streamed JSON document, an SVG) to a stream, a batch at a time,
 * waiting whenever the reader is slower than the writer: a 200 MB answer never exists as one string, and memory
 * stays at one batch whatever the reader does.
 */
export async function writeOut(chunks: Iterable<string>, stream: NodeJS.WritableStream = process.stdout): Promise<void> {
  let batch = '';
  for (const chunk of chunks) {
    batch += chunk;
    if (batch.length < BATCH) continue;
    if (!stream.write(batch)) await once(stream, 'drain');
    batch = '';
  }
  if (batch.length > 0 && !stream.write(batch)) await once(stream, 'drain');
}

/** The pieces of several sources, one after the other, without gathering them. */
export function* concat(...sources: Iterable<string>[]): Generator<string> {
  for (const source of sources) yield* source;
}

/** {@link writeOut} for code that cannot wait (a solution streamed from inside a search): batches, no waiting. */
export function writeOutNow(chunks: Iterable<string>): void {
  let batch = '';
  for (const chunk of chunks) {
    batch += chunk;
    if (batch.length >= BATCH) {
      process.stdout.write(batch);
      batch = '';
    }
  }
  if (batch.length > 0) process.stdout.write(batch);
}
