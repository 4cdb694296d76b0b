import { inert, UsageError } from '@bezzel/core';
import { InvalidArgumentError } from 'commander';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { asciiSpelled, unicodeFont } from './pdf-font.js';

/** What a chart file is, by its extension. */
export type ChartFormat = 'svg' | 'png' | 'pdf';
const CHART_FORMATS: readonly ChartFormat[] = ['svg', 'png', 'pdf'];

/** The format a chart file's extension names; a usage error (exit 2) for any other, said before any run. */
export function chartFormatOf(file: string): ChartFormat {
  const ext = extname(file).slice(1).toLowerCase();
  if (!(CHART_FORMATS as readonly string[]).includes(ext)) throw new UsageError('ERR_OPTION', `--chart ${inert(file)}: name a .svg, .png or .pdf file`);
  if (ext === 'pdf') requirePdfPackages(file);
  return ext as ChartFormat;
}

/**
 * What a PDF chart needs and bezzel does not install (17 MB, for one kind of file): optional peers, found where
 * bezzel is installed or beside it (`npm install -g` puts them there). A user who asks for a PDF without them is told
 * what to install, before any run.
 */
const PDF_PACKAGES = ['pdfkit', 'svg-to-pdfkit'];

function requirePdfPackages(file: string): void {
  const require = createRequire(import.meta.url);
  const missing = PDF_PACKAGES.filter((pkg) => {
    try {
      require.resolve(pkg);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new UsageError('ERR_OPTION', `--chart ${inert(file)}: a PDF chart needs ${missing.join(' and ')}, which bezzel does not install itself: npm install -g ${missing.join(' ')} (or write a .svg or .png)`);
  }
}

/**
 * The chart in its file's format: SVG as it is; PNG by resvg (prebuilt, already used for boards), `scale` pixels
 * per SVG unit; PDF by PDFKit with SVG-to-PDFKit, vector shapes and text, at the SVG's size in points. Both load
 * only when such a file is asked for.
 */
export async function chartBytes(svg: string, format: ChartFormat, scale: number): Promise<string | Uint8Array> {
  const require = createRequire(import.meta.url);
  if (format === 'png') {
    const { Resvg } = require('@resvg/resvg-js') as { Resvg: new (svg: string, options?: object) => { render(): { asPng(): Uint8Array } } };
    return new Resvg(svg, { background: '#ffffff', fitTo: { mode: 'zoom', value: scale } }).render().asPng();
  }
  if (format === 'pdf') return toPdf(svg, require);
  return svg;
}

/**
 * A dash pattern with a zero length in it ("1,0": a solid line, as the first series draws) is fine in SVG but
 * refused by PDFKit's dash(); a pattern whose gaps are all zero is a solid line, so it goes.
 */
function solidDashes(svg: string): string {
  return svg.replace(/\s?stroke-dasharray="([^"]*)"/g, (whole, pattern: string) => {
    const lengths = pattern.split(/[\s,]+/).filter(Boolean).map(Number);
    return lengths.some((length) => !(length > 0)) ? '' : whole;
  });
}

type PdfDocument = { on(event: string, listener: (chunk?: Uint8Array) => void): void; end(): void; registerFont(name: string, file: string): void };

async function toPdf(svg: string, require: NodeJS.Require): Promise<Uint8Array> {
  const PDFDocument = require('pdfkit') as new (options: object) => PdfDocument;
  const svgToPdf = require('svg-to-pdfkit') as (doc: PdfDocument, svg: string, x: number, y: number, options: object) => void;
  const size = (name: string) => Number(new RegExp(`<svg[^>]*\\s${name}="([\\d.]+)"`).exec(svg)?.[1] ?? 600);
  const [width, height] = [size('width'), size('height')];
  const doc = new PDFDocument({ size: [width, height], margin: 0, info: { Title: 'bezzel experiment', Producer: 'bezzel' } });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk) => chunks.push(chunk!));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  // Every character kept: a Unicode font embedded (its glyphs subset into the file), or the text in ASCII.
  const font = unicodeFont();
  if (font) {
    doc.registerFont('bezzel-regular', font.regular);
    doc.registerFont('bezzel-bold', font.bold);
  }
  const fontCallback = font ? (_family: string, bold: boolean) => (bold ? 'bezzel-bold' : 'bezzel-regular') : undefined;
  svgToPdf(doc, solidDashes(font ? svg : asciiSpelled(svg)), 0, 0, { width, height, assumePt: true, ...(fontCallback ? { fontCallback } : {}) });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** `--scale`: PNG pixels per SVG unit, from a quarter to 16 (2 by default: print-sharp at the chart's size). */
export function scaleOf(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(value >= 0.25 && value <= 16)) throw new InvalidArgumentError(`--scale must be a number from 0.25 to 16, not "${text}"`);
  return value;
}
