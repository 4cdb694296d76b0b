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
  /** A name for the files: strategy, board. */
  readonly name: () => string;
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

/** Draws the board and a caption band (the step in words) into a canvas `size` pixels wide. */
export async function frameCanvas(canvas: HTMLCanvasElement, source: SlideSource, size: number): Promise<void> {
  const board = source.board();
  if (!board) throw new Error('there is no board to draw');
  const aspect = board instanceof HTMLCanvasElement ? board.height / board.width : (board.viewBox.baseVal?.height || 1) / (board.viewBox.baseVal?.width || 1);
  const boardHeight = Math.round(size * aspect);
  const band = Math.round(size * 0.12);
  if (canvas.width !== size || canvas.height !== boardHeight + band) {
    canvas.width = size;
    canvas.height = boardHeight + band;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (board instanceof HTMLCanvasElement) ctx.drawImage(board, 0, 0, size, boardHeight);
  else {
    const url = URL.createObjectURL(new Blob([standaloneSvg(board, size, boardHeight)], { type: 'image/svg+xml' }));
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      ctx.drawImage(image, 0, 0, size, boardHeight);
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  // The caption: the step's words, in at most two lines, cut with an ellipsis beyond.
  ctx.fillStyle = '#1d2530';
  const font = Math.max(12, Math.round(band / 3.4));
  ctx.font = `${font}px system-ui, 'DejaVu Sans', sans-serif`;
  ctx.textBaseline = 'top';
  const lines = wrap(ctx, source.caption(), size - 2 * Math.round(font * 0.6), 2);
  lines.forEach((line, i) => ctx.fillText(line, Math.round(font * 0.6), boardHeight + Math.round(font * 0.5) + i * Math.round(font * 1.25)));
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
        for (const [i, position] of positions.entries()) {
          this.source.show(position);
          await frameCanvas(canvas, this.source, size);
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
    this.source.show(positions[0]!);
    await frameCanvas(canvas, this.source, size);
    const stream = canvas.captureStream(0);
    const track = stream.getVideoTracks()[0] as MediaStreamTrack & { requestFrame?: () => void };
    const recorder = new MediaRecorder(stream, { mimeType: type });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.start();
    for (const [i, position] of positions.entries()) {
      this.source.show(position);
      await frameCanvas(canvas, this.source, size);
      track.requestFrame?.();
      setText(byId('export-said'), `Frame ${i + 1} of ${positions.length}…`);
      // Each frame stays on the canvas for its share of a second: the recorder timestamps what it sees.
      await new Promise((resolve) => setTimeout(resolve, 1000 / fps));
    }
    recorder.stop();
    await stopped;
    this.#offer(new Blob(chunks, { type: 'video/webm' }), `${base}-steps-${positions[0]}-${positions[positions.length - 1]}.webm`);
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
