import { byId, setText, show } from '../shared/dom.js';
import { zipStore } from './zip.js';

/**
 * SVG presentation properties copied onto a clone, so the picture stands alone without the page's style sheet.
 * Not visibility: it is inherited, and set on every element it would show what a hidden parent hides (the board
 * hides pieces it is not using by the attribute, which the clone keeps).
 */
const PROPERTIES = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linecap', 'stroke-linejoin', 'stroke-opacity', 'opacity', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-anchor', 'dominant-baseline', 'paint-order'] as const;
/** Most frames one export makes. */
export const MAX_FRAMES = 500;

/** What the export needs of the page: how to show a step, the board drawn for it, and its words. */
export interface SlideSource {
  readonly length: () => number;
  readonly position: () => number;
  /** Shows the step (board and log drawn before it returns). */
  readonly show: (position: number) => void;
  readonly board: () => SVGSVGElement | HTMLCanvasElement | null;
  /** The step in words, for the caption under each frame. */
  readonly caption: () => string;
  /** The pseudo-code line the step runs (empty where the strategy shows none). */
  readonly code: () => string;
  /** The legend of what the board shows at the step: each entry's swatch and words. */
  readonly legend: () => readonly LegendEntry[];
  /** A name for the files: strategy, board. */
  readonly name: () => string;
}

/** One entry of the board's legend. */
export interface LegendEntry {
  readonly swatch: SVGSVGElement;
  readonly words: string;
}

/** The frames' positions: from, from + every, … up to `to` (both within the run). */
export function framePositions(from: number, to: number, every: number): number[] {
  const out: number[] = [];
  for (let p = from; p <= to && out.length < MAX_FRAMES; p += Math.max(1, every)) out.push(p);
  return out;
}

/** The board as a stand-alone SVG document: the page's styles resolved onto each element. */
export function standaloneSvg(svg: SVGSVGElement, width: number, height: number): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const copies = [clone, ...Array.from(clone.querySelectorAll('*'))];
  originals.forEach((original, i) => {
    const copy = copies[i] as SVGElement;
    const style = getComputedStyle(original);
    copy.setAttribute('style', PROPERTIES.map((p) => `${p}:${style.getPropertyValue(p)}`).join(';'));
    copy.removeAttribute('class');
  });
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new XMLSerializer().serializeToString(clone);
}

/**
 * Draws the board and, under it, a band with the step in words, the pseudo-code line it runs and the legend of what
 * the board shows, into a canvas `size` pixels wide: a frame reads on a slide without the page beside it. The band
 * is at least `atLeast` pixels high (frames of one export keep one size); resolves with the band's height.
 */
export async function frameCanvas(canvas: HTMLCanvasElement, source: SlideSource, size: number, atLeast = 0): Promise<number> {
  const board = source.board();
  if (!board) throw new Error('there is no board to draw');
  const aspect = board instanceof HTMLCanvasElement ? board.height / board.width : (board.viewBox.baseVal?.height || 1) / (board.viewBox.baseVal?.width || 1);
  const boardHeight = Math.round(size * aspect);
  const ctx = canvas.getContext('2d')!;
  const layout = bandLayout(ctx, source, size);
  const band = Math.max(atLeast, layout.height);
  if (canvas.width !== size || canvas.height !== boardHeight + band) {
    canvas.width = size;
    canvas.height = boardHeight + band;
  }
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (board instanceof HTMLCanvasElement) ctx.drawImage(board, 0, 0, size, boardHeight);
  else ctx.drawImage(await svgImage(standaloneSvg(board, size, boardHeight)), 0, 0, size, boardHeight);
  ctx.textBaseline = 'top';
  for (const item of layout.items) {
    const y = boardHeight + item.y;
    if (item.kind === 'swatch') {
      ctx.drawImage(await svgImage(item.svg), item.x, y, item.size, item.size);
      continue;
    }
    ctx.font = item.font;
    if (item.kind === 'code') {
      ctx.fillStyle = '#fff4d6';
      ctx.fillRect(item.x - 4, y - 2, item.width + 8, item.height);
      ctx.fillStyle = '#f0a000';
      ctx.fillRect(item.x - 4, y - 2, 3, item.height);
    }
    ctx.fillStyle = item.kind === 'legend' ? '#3a4350' : '#1d2530';
    ctx.fillText(item.text, item.x, y);
  }
  return band;
}

type BandItem =
  | { readonly kind: 'caption' | 'code' | 'legend'; readonly text: string; readonly font: string; readonly x: number; readonly y: number; readonly width: number; readonly height: number }
  | { readonly kind: 'swatch'; readonly svg: string; readonly x: number; readonly y: number; readonly size: number };

/** Where the band's words and swatches go, measured with the canvas's own fonts, and the band's height. */
function bandLayout(ctx: CanvasRenderingContext2D, source: SlideSource, size: number): { readonly items: BandItem[]; readonly height: number } {
  const font = Math.max(12, Math.round(size * 0.035));
  const pad = Math.round(font * 0.6);
  const items: BandItem[] = [];
  let y = Math.round(font * 0.5);
  // The step's words, in at most two lines, cut with an ellipsis beyond.
  const captionFont = `${font}px system-ui, 'DejaVu Sans', sans-serif`;
  ctx.font = captionFont;
  for (const line of wrap(ctx, source.caption(), size - 2 * pad, 2)) {
    items.push({ kind: 'caption', text: line, font: captionFont, x: pad, y, width: ctx.measureText(line).width, height: font });
    y += Math.round(font * 1.25);
  }
  // The pseudo-code line, marked as the page marks it.
  const code = source.code().replace(/\s+/g, ' ').trim();
  if (code) {
    const codeSize = Math.round(font * 0.9);
    const codeFont = `${codeSize}px ui-monospace, 'DejaVu Sans Mono', monospace`;
    ctx.font = codeFont;
    const [line] = wrap(ctx, code, size - 2 * pad - 8, 1);
    y += Math.round(font * 0.2);
    items.push({ kind: 'code', text: line ?? '', font: codeFont, x: pad + 4, y, width: ctx.measureText(line ?? '').width, height: Math.round(codeSize * 1.3) });
    y += Math.round(codeSize * 1.6);
  }
  // The legend: entries one after another, a swatch and its words, onto as many lines as they take.
  const legend = source.legend();
  if (legend.length > 0) {
    const small = Math.max(11, Math.round(font * 0.8));
    const legendFont = `${small}px system-ui, 'DejaVu Sans', sans-serif`;
    ctx.font = legendFont;
    const box = Math.round(small * 1.3);
    const line = Math.round(box * 1.3);
    let x = pad;
    for (const entry of legend) {
      const room = size - 2 * pad - box - 6;
      const [words] = wrap(ctx, entry.words, room, 1);
      const width = box + 6 + ctx.measureText(words ?? '').width;
      if (x > pad && x + width > size - pad) {
        x = pad;
        y += line;
      }
      items.push({ kind: 'swatch', svg: standaloneSvg(entry.swatch, box, box), x, y: y + Math.round((small - box) / 2), size: box });
      items.push({ kind: 'legend', text: words ?? '', font: legendFont, x: x + box + 6, y, width: width - box - 6, height: small });
      x += width + Math.round(small * 1.2);
    }
    y += line;
  }
  return { items, height: y + pad };
}

/** An SVG document as an image to draw, decoded once (a legend's swatches come back frame after frame). */
const images = new Map<string, Promise<HTMLImageElement>>();
function svgImage(svg: string): Promise<HTMLImageElement> {
  let image = images.get(svg);
  if (!image) {
    image = (async () => {
      const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      try {
        const img = new Image();
        img.src = url;
        await img.decode();
        return img;
      } finally {
        URL.revokeObjectURL(url);
      }
    })();
    // The boards change every frame: only the small pictures (swatches) are kept, a few dozen at most.
    if (svg.length < 20_000) {
      images.set(svg, image);
      if (images.size > 64) images.delete(images.keys().next().value!);
    }
  }
  return image;
}

function wrap(ctx: CanvasRenderingContext2D, text: string, width: number, most: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
      if (lines.length === most) break;
    }
  }
  if (lines.length < most && line) lines.push(line);
  else if (line && lines.length === most) lines[most - 1] = `${lines[most - 1]!.replace(/\s*\S*$/, '')} …`;
  return lines;
}

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser made no PNG'))), 'image/png'));
}

/**
 * Export for slides: a range of the timeline as a numbered PNG series (one zip, or one download per frame) or a
 * WebM video (MediaRecorder on the frames' canvas, at the frames per second asked). The page goes back to the
 * step it was on when it is done.
 */
export class SlidesControl {
  #url: string | undefined;
  #busy = false;

  constructor(private readonly source: SlideSource) {
    const dialog = byId<HTMLDialogElement>('export-dialog');
    byId('export-open').addEventListener('click', () => {
      const length = source.length();
      const from = byId<HTMLInputElement>('export-from');
      const to = byId<HTMLInputElement>('export-to');
      from.max = to.max = String(length);
      // Twenty steps from here, or the last twenty when the replay stands at the end.
      const start = source.position() >= length ? Math.max(0, length - 20) : source.position();
      from.value = String(start);
      to.value = String(Math.min(length, start + 20));
      dialog.showModal();
    });
    byId('export-close').addEventListener('click', () => dialog.close());
    byId('export-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.run();
    });
  }

  async run(): Promise<void> {
    if (this.#busy) return;
    const said = byId('export-said');
    const result = byId('export-result');
    const length = this.source.length();
    const from = Number(byId<HTMLInputElement>('export-from').value);
    const to = Number(byId<HTMLInputElement>('export-to').value);
    const every = Number(byId<HTMLInputElement>('export-every').value);
    const size = Number(byId<HTMLInputElement>('export-size').value);
    const format = (document.querySelector<HTMLInputElement>('input[name="export-format"]:checked')?.value ?? 'zip') as 'zip' | 'files' | 'webm';
    const whole = (n: number, lo: number, hi: number) => Number.isInteger(n) && n >= lo && n <= hi;
    if (!whole(from, 0, length) || !whole(to, from, length)) return setText(said, `Steps must run from 0 to ${length.toLocaleString('en')}, the first not after the last.`);
    if (!whole(every, 1, 1_000_000)) return setText(said, 'Every must be a whole number of steps, at least 1.');
    if (!whole(size, 200, 2400)) return setText(said, 'The width must be from 200 to 2,400 pixels.');
    const positions = framePositions(from, to, every);
    this.#busy = true;
    result.dataset.state = 'working';
    show(byId('export-download'), false);
    const back = this.source.position();
    const canvas = document.createElement('canvas');
    const base = this.source.name();
    try {
      if (format === 'webm') await this.#video(canvas, positions, size, Number(byId<HTMLInputElement>('export-fps').value) || 4, base);
      else {
        const files: { name: string; bytes: Uint8Array }[] = [];
        const band = this.#band(canvas, positions, size);
        for (const [i, position] of positions.entries()) {
          this.source.show(position);
          await frameCanvas(canvas, this.source, size, band);
          const name = `${base}-${String(i + 1).padStart(String(positions.length).length + 1, '0')}-step-${position}.png`;
          const blob = await toBlob(canvas);
          if (format === 'files') download(URL.createObjectURL(blob), name, true);
          else files.push({ name, bytes: new Uint8Array(await blob.arrayBuffer()) });
          setText(said, `Frame ${i + 1} of ${positions.length}…`);
        }
        if (format === 'zip') this.#offer(new Blob([zipStore(files) as BlobPart], { type: 'application/zip' }), `${base}-steps-${from}-${to}.zip`);
      }
      setText(said, `${positions.length} frame${positions.length === 1 ? '' : 's'}: steps ${from} to ${to}${every > 1 ? `, every ${every}` : ''}${positions.length === MAX_FRAMES ? ` (at most ${MAX_FRAMES})` : ''}.`);
      result.dataset.frames = String(positions.length);
      result.dataset.state = 'done';
    } catch (error) {
      setText(said, `The export failed: ${error instanceof Error ? error.message : String(error)}`);
      result.dataset.state = 'error';
    } finally {
      this.source.show(back);
      this.#busy = false;
    }
  }

  async #video(canvas: HTMLCanvasElement, positions: readonly number[], size: number, fps: number, base: string): Promise<void> {
    if (typeof MediaRecorder === 'undefined') throw new Error('this browser cannot record video (no MediaRecorder)');
    const type = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
    if (!type) throw new Error('this browser cannot record WebM');
    const band = this.#band(canvas, positions, size);
    this.source.show(positions[0]!);
    await frameCanvas(canvas, this.source, size, band);
    const stream = canvas.captureStream(0);
    const track = stream.getVideoTracks()[0] as MediaStreamTrack & { requestFrame?: () => void };
    const recorder = new MediaRecorder(stream, { mimeType: type });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.start();
    for (const [i, position] of positions.entries()) {
      this.source.show(position);
      await frameCanvas(canvas, this.source, size, band);
      track.requestFrame?.();
      setText(byId('export-said'), `Frame ${i + 1} of ${positions.length}…`);
      // Each frame stays on the canvas for its share of a second: the recorder timestamps what it sees.
      await new Promise((resolve) => setTimeout(resolve, 1000 / fps));
    }
    recorder.stop();
    await stopped;
    this.#offer(new Blob(chunks, { type: 'video/webm' }), `${base}-steps-${positions[0]}-${positions[positions.length - 1]}.webm`);
  }

  /** The frames of one export are of one size (a video must be): the tallest band of them all, measured first. */
  #band(canvas: HTMLCanvasElement, positions: readonly number[], size: number): number {
    let band = 0;
    for (const position of positions) {
      this.source.show(position);
      band = Math.max(band, bandLayout(canvas.getContext('2d')!, this.source, size).height);
    }
    return band;
  }

  #offer(blob: Blob, name: string): void {
    if (this.#url) URL.revokeObjectURL(this.#url);
    this.#url = URL.createObjectURL(blob);
    const link = byId<HTMLAnchorElement>('export-download');
    link.href = this.#url;
    link.download = name;
    setText(link, `Download ${name} (${Math.max(1, Math.round(blob.size / 1024)).toLocaleString('en')} KB)`);
    show(link, true);
  }
}

function download(url: string, name: string, revoke: boolean): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  if (revoke) setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
