import type { BoardPicture, Shade } from './board-picture.js';

/**
 * Large boards on a canvas. Where a square is at least a few pixels the path is drawn as lines; below that
 * the board is downsampled to one pixel per canvas pixel, so a million-square tour or a million queens cost
 * one pass over the squares and one putImageData, never a million DOM nodes.
 */
export function drawBoardCanvas(canvas: HTMLCanvasElement, view: BoardPicture, size = CANVAS_PIXELS): void {
  const { width, height } = view.board;
  const pixels = drawsPixels(width, height, size);
  // Drawn square by square, each square a whole number of pixels: a square of 3.2 pixels would alias into a moiré.
  const block = Math.floor(size / Math.max(width, height));
  const cell = pixels && block >= 1 ? block : size / Math.max(width, height);
  const w = Math.max(1, Math.round(cell * width));
  const h = Math.max(1, Math.round(cell * height));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const g = canvas.getContext('2d');
  if (!g) return;
  if (pixels) drawPixels(g, view, w, h);
  else drawLines(g, view, cell, w, h);
  drawMarks(g, view, w, h);
}

/** The colours of the shades the SVG board draws (style.css), for the canvas's outlines. */
const SHADE_CSS: Readonly<Record<Shade, string>> = {
  attacked: 'rgb(179, 38, 30)',
  rejected: 'rgb(179, 38, 30)',
  hint: 'rgb(46, 158, 68)',
  aim: 'rgb(230, 160, 20)',
  wiped: 'rgb(179, 38, 30)',
  line: 'rgb(31, 95, 168)',
  secondary: 'rgb(240, 228, 66)',
  tabu: 'rgb(91, 42, 134)',
};

/**
 * What the SVG board draws over its squares, on the canvas: a shaded square (min-conflicts' picked queen, a hint,
 * domination's aim) and the square the last step touched as outlines in their colours, at least a few pixels
 * across so one square of a million still shows; a solution framed in green.
 */
function drawMarks(g: CanvasRenderingContext2D, view: BoardPicture, w: number, h: number): void {
  const { width, height } = view.board;
  const sx = w / width;
  const sy = h / height;
  const outline = (sq: number, colour: string, grow: number) => {
    const x = (sq % width) * sx;
    const y = (height - 1 - Math.floor(sq / width)) * sy;
    const half = Math.max(sx / 2 + grow, 5 + grow);
    g.strokeStyle = colour;
    g.lineWidth = 3;
    g.strokeRect(Math.round(x + sx / 2 - half), Math.round(y + sy / 2 - half), Math.round(2 * half), Math.round(2 * half));
  };
  // Hundreds of attacked squares would bury the board: the SVG shades them, the canvas rings the attacked pieces.
  for (const [sq, shade] of view.shades ?? []) if (shade !== 'attacked') outline(sq, SHADE_CSS[shade], 2);
  const touched = view.touched;
  if (touched) outline(touched.square, touched.how === 'add' ? 'rgb(39, 174, 96)' : 'rgb(230, 126, 34)', 3);
  if (view.solved) {
    g.strokeStyle = 'rgb(46, 158, 68)';
    g.lineWidth = 4;
    g.strokeRect(2, 2, w - 4, h - 4);
  }
}

/** The canvas is this many pixels on its longer side. */
export const CANVAS_PIXELS = 640;

/**
 * Below eight pixels a square, a tour's lines would be a smudge (a 200×200 tour, 3.2 pixels a square, drew as a moiré):
 * the board is drawn square by square in colours — a tour's squares by when it reached them — each square a block of
 * whole pixels, or several squares a pixel on boards larger than the canvas. Zoom draws it larger.
 */
export function drawsPixels(width: number, height: number, size = CANVAS_PIXELS): boolean {
  return size / Math.max(width, height) < 8;
}

function drawLines(g: CanvasRenderingContext2D, view: BoardPicture, cell: number, w: number, h: number): void {
  const { width, height } = view.board;
  g.fillStyle = '#f0d9b5';
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#e0c9a5';
  for (let row = 0; row < height; row++) {
    for (let col = (row + 1) % 2; col < width; col += 2) g.fillRect(col * cell, (height - 1 - row) * cell, cell, cell);
  }
  const cx = (sq: number) => (sq % width) * cell + cell / 2;
  const cy = (sq: number) => (height - 1 - Math.floor(sq / width)) * cell + cell / 2;
  const cover = view.cover;
  if (cover) {
    // Domination, as on the SVG board: covered squares tinted, uncovered ones outlined in red.
    g.fillStyle = 'rgba(46, 125, 215, 0.28)';
    g.strokeStyle = '#c0241c';
    g.lineWidth = Math.max(1, cell / 10);
    for (let sq = 0; sq < cover.length; sq++) {
      const x = (sq % width) * cell;
      const y = (height - 1 - Math.floor(sq / width)) * cell;
      if (cover[sq]! > 0) g.fillRect(x, y, cell, cell);
      else if (!view.board.isRemoved(sq)) g.strokeRect(x + g.lineWidth / 2, y + g.lineWidth / 2, cell - g.lineWidth, cell - g.lineWidth);
    }
  }
  const path = view.path;
  if (path && path.length > 0) {
    g.strokeStyle = '#2c3e50';
    g.lineWidth = Math.max(1, cell / 6);
    g.beginPath();
    g.moveTo(cx(path[0]!), cy(path[0]!));
    for (let i = 1; i < path.length; i++) g.lineTo(cx(path[i]!), cy(path[i]!));
    g.stroke();
    const head = path[path.length - 1]!;
    g.fillStyle = '#2980b9';
    g.beginPath();
    g.arc(cx(head), cy(head), Math.max(2, cell / 2), 0, 2 * Math.PI);
    g.fill();
  }
  g.strokeStyle = '#2980b9';
  g.lineWidth = Math.max(1, cell / 8);
  for (const c of view.candidates ?? []) {
    g.beginPath();
    g.arc(cx(c.square), cy(c.square), cell * 0.42, 0, 2 * Math.PI);
    g.stroke();
  }
  g.fillStyle = '#111';
  for (const sq of view.pieces ?? []) g.fillRect((sq % width) * cell, (height - 1 - Math.floor(sq / width)) * cell, cell, cell);
  // A piece another attacks: red, inside a red ring, as on the SVG board.
  const attacked = view.attackedPieces ?? [];
  if (attacked.length > 0) {
    g.fillStyle = ATTACKED_CSS;
    g.strokeStyle = ATTACKED_CSS;
    g.lineWidth = Math.max(1.5, cell / 8);
    for (const sq of attacked) {
      g.fillRect((sq % width) * cell, (height - 1 - Math.floor(sq / width)) * cell, cell, cell);
      g.beginPath();
      g.arc(cx(sq), cy(sq), Math.max(cell * 0.9, 4), 0, 2 * Math.PI);
      g.stroke();
    }
  }
}

/** The red of an attacked piece, on the canvas as in style.css. */
export const ATTACKED_RGB = [179, 38, 30] as const;
const ATTACKED_CSS = `rgb(${ATTACKED_RGB.join(', ')})`;
/** Below three pixels a square, an attacked piece is ringed by a square outline this many pixels from it. */
export const RING_PIXELS = 4;

/** Colours each pixel by the latest visit among its squares (blue early, red late) or black for a piece. */
function drawPixels(g: CanvasRenderingContext2D, view: BoardPicture, w: number, h: number): void {
  const { width, height } = view.board;
  const image = g.createImageData(w, h);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 240;
    data[i + 1] = 232;
    data[i + 2] = 220;
    data[i + 3] = 255;
  }
  const sx = w / width;
  const sy = h / height;
  // A square is a block of `k` × `k` whole pixels (1 where a pixel holds several squares).
  const k = Math.max(1, Math.floor(Math.min(sx, sy)));
  const pixel = (sq: number) => {
    const col = sq % width;
    const row = Math.floor(sq / width);
    const px = Math.min(w - 1, Math.floor(col * sx));
    const py = Math.min(h - 1, Math.floor((height - 1 - row) * sy));
    return (py * w + px) * 4;
  };
  const fill = (sq: number, r: number, gr: number, b: number) => {
    const p = pixel(sq);
    for (let dy = 0; dy < k; dy++) {
      for (let dx = 0; dx < k; dx++) {
        const q = p + (dy * w + dx) * 4;
        data[q] = r;
        data[q + 1] = gr;
        data[q + 2] = b;
      }
    }
  };
  const path = view.path;
  if (path) {
    const n = path.length;
    for (let i = 0; i < n; i++) {
      const t = n > 1 ? i / (n - 1) : 0;
      fill(path[i]!, Math.round(40 + 200 * t), Math.round(90 + 40 * (1 - Math.abs(2 * t - 1))), Math.round(220 - 180 * t));
    }
  }
  // Domination: a square no piece covers shows red, whatever else shares its pixel.
  const cover = view.cover;
  if (cover) {
    for (let sq = 0; sq < cover.length; sq++) {
      if (cover[sq] !== 0 || view.board.isRemoved(sq)) continue;
      fill(sq, 200, 36, 28);
    }
  }
  for (const sq of view.pieces ?? []) fill(sq, 17, 17, 17);
  // A piece another attacks: its pixels red inside a red square ring, so a single pixel is found, and read without colour.
  const paint = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const p = (y * w + x) * 4;
    data[p] = ATTACKED_RGB[0];
    data[p + 1] = ATTACKED_RGB[1];
    data[p + 2] = ATTACKED_RGB[2];
  };
  for (const sq of view.attackedPieces ?? []) {
    const p = pixel(sq) / 4;
    // The ring goes round the middle of the square's block.
    const x = (p % w) + (k >> 1);
    const y = (p - (p % w)) / w + (k >> 1);
    fill(sq, ATTACKED_RGB[0], ATTACKED_RGB[1], ATTACKED_RGB[2]);
    // Two pixels thick, so that a board shown smaller than its canvas keeps whole rings.
    for (let d = -RING_PIXELS; d <= RING_PIXELS; d++) {
      for (let r = RING_PIXELS - 1; r <= RING_PIXELS; r++) {
        paint(x + d, y - r);
        paint(x + d, y + r);
        paint(x - r, y + d);
        paint(x + r, y + d);
      }
    }
  }
  g.putImageData(image, 0, 0);
}
