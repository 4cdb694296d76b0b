import { inert, UsageError } from '@bezzel/core';
import { MAX_SVG_SQUARES } from '@bezzel/render';
import { writeWhole } from '@bezzel/files';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { writeOut } from './write-out.js';
import { userCwd } from '../plugins/load-plugins.js';
import { writeNote } from './notes.js';

/** What `--format svg` and `--out FILE` ask for: an SVG or a PNG drawing, or nothing (text and JSON). */
export type Drawing = 'svg' | 'png';

export interface DrawingOptions {
  readonly format: string;
  readonly out?: string;
}

/** `--out x.png` draws a PNG, `--out x.svg` or `--format svg` an SVG; any other `--out` is a mistake. */
export function drawingOf(options: DrawingOptions): Drawing | undefined {
  if (options.out !== undefined) {
    if (/\.png$/i.test(options.out)) return 'png';
    if (/\.svg$/i.test(options.out)) return 'svg';
    throw new UsageError('ERR_OPTION', `--out ${options.out}: name a .svg or a .png file (for JSON, use --format json > file)`);
  }
  return options.format === 'svg' ? 'svg' : undefined;
}

/**
 * Writes the drawing, which comes in pieces, to `--out` or (an SVG) to stdout; `what` names the thing for the
 * message when it cannot be drawn. An SVG is written a batch at a time; a PNG needs the whole SVG to render.
 */
export async function emitDrawing(svg: Iterable<string> | undefined, what: string, options: DrawingOptions): Promise<void> {
  if (svg === undefined) {
    throw new UsageError('ERR_OPTION', `${what} cannot be drawn: there is nothing to draw, or the board has more than ${MAX_SVG_SQUARES} squares`);
  }
  if (options.out === undefined) {
    await writeOut(svg);
    return;
  }
  const path = resolve(userCwd(), options.out);
  writeWhole(path, drawingOf(options) === 'png' ? toPng([...svg].join('')) : svg, options.out);
  writeNote(`wrote ${inert(options.out)}`);
}

/** PNG through resvg (a Rust SVG renderer shipped as prebuilt binaries on npm), loaded only when a PNG is asked for. */
function toPng(svg: string): Uint8Array {
  let Resvg: new (svg: string, options?: object) => { render(): { asPng(): Uint8Array } };
  try {
    ({ Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as { Resvg: typeof Resvg });
  } catch {
    throw new UsageError('ERR_OPTION', 'PNG output needs @resvg/resvg-js, which is not installed for this platform; use --out FILE.svg');
  }
  return new Resvg(svg, { background: '#ffffff' }).render().asPng();
}
