import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { text, useBrowser, withPage } from './page.js';

// Issue 26, item 8: export for slides — a range of the timeline as numbered PNG images in a zip, or a WebM video.

const browser = useBrowser();

/** The entries of a stored zip: name and bytes, read from the local headers. */
function entries(zip: Uint8Array): { name: string; bytes: Uint8Array }[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out: { name: string; bytes: Uint8Array }[] = [];
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    out.push({ name: new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength)), bytes: zip.subarray(start, start + size) });
    at = start + size;
  }
  return out;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('export for slides (issue 26, item 8)', () => {
  it('steps 1 to 6 of 8 queens as six numbered PNG frames in a zip, the page back where it was', () =>
    withPage(
      browser(),
      async (page) => {
        const before = await text(page, '#position');
        await page.locator('#export-open').click();
        await page.locator('#export-from').fill('1');
        await page.locator('#export-to').fill('6');
        await page.locator('#export-every').fill('1');
        await page.locator('#export-size').fill('400');
        await page.locator('#export-go').click();
        await expect.poll(() => page.locator('#export-result').getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
        expect(await page.locator('#export-result').getAttribute('data-frames')).toBe('6');
        const link = page.locator('#export-download');
        expect(await link.getAttribute('download')).toBe('bezzel-backtracking-8x8-steps-1-6.zip');
        const bytes = new Uint8Array(await link.evaluate(async (a: HTMLAnchorElement) => Array.from(new Uint8Array(await (await fetch(a.href)).arrayBuffer()))));
        const files = entries(bytes);
        expect(files.map((f) => f.name)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `bezzel-backtracking-8x8-0${i}-step-${i}.png`));
        const heights = new Set<number>();
        for (const file of files) {
          expect([...file.bytes.subarray(0, 8)]).toEqual(PNG);
          const ihdr = new DataView(file.bytes.buffer, file.bytes.byteOffset + 16, 8);
          expect(ihdr.getUint32(0)).toBe(400);
          heights.add(ihdr.getUint32(4));
        }
        // One size for all: the board (400) and a band under it with the step, the code line and the legend.
        expect(heights.size).toBe(1);
        const height = [...heights][0]!;
        expect(height).toBeGreaterThan(400 + 80);
        // In the band: the code line on the page's yellow with its orange bar, and the legend's swatches (a light
        // square's colour) beside their words.
        const band = await page.evaluate(async ({ png, top }) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
          const g = canvas.getContext('2d')!;
          g.drawImage(image, 0, 0);
          const data = g.getImageData(0, top, image.width, image.height - top).data;
          const count = (r: number, gr: number, b: number) => {
            let n = 0;
            for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r) < 4 && Math.abs(data[i + 1]! - gr) < 4 && Math.abs(data[i + 2]! - b) < 4) n++;
            return n;
          };
          return { code: count(0xff, 0xf4, 0xd6), bar: count(0xf0, 0xa0, 0x00) };
        }, { png: Buffer.from(files[5]!.bytes).toString('base64'), top: 400 });
        expect(band.code, 'the code line highlighted').toBeGreaterThan(1000);
        expect(band.bar, 'its bar').toBeGreaterThan(20);
        const words = await page.locator('#legend li span').allInnerTexts();
        expect(words.length).toBeGreaterThan(0);
        writeFileSync(fileURLToPath(new URL('output/slide-frame-6.png', import.meta.url)), files[5]!.bytes);
        // Each step is its own picture.
        expect(new Set(files.map((f) => f.bytes.join(','))).size).toBe(6);
        expect(await text(page, '#position')).toBe(before);
      },
      '?problem=placement&piece=queen&w=8&goal=one&strategy=backtracking&seed=1',
    ));

  it('steps 1 to 3 as a WebM video', () =>
    withPage(
      browser(),
      async (page) => {
        await page.locator('#export-open').click();
        await page.locator('#export-from').fill('1');
        await page.locator('#export-to').fill('3');
        await page.locator('#export-size').fill('320');
        await page.locator('input[name="export-format"][value="webm"]').check();
        await page.locator('#export-fps').fill('10');
        await page.locator('#export-go').click();
        await expect.poll(() => page.locator('#export-result').getAttribute('data-state'), { timeout: 30_000 }).toMatch(/done|error/);
        expect(await text(page, '#export-said')).toMatch(/^3 frames/);
        const video = await page.locator('#export-download').evaluate(async (a: HTMLAnchorElement) => {
          const blob = await (await fetch(a.href)).blob();
          const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
          return { type: blob.type, size: blob.size, head: Array.from(head) };
        });
        expect(video.type).toBe('video/webm');
        expect(video.head).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
        expect(video.size).toBeGreaterThan(200);
      },
      '?problem=placement&piece=queen&w=8&goal=one&strategy=backtracking&seed=1',
    ));
});
