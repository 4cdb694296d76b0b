import { existsSync } from 'node:fs';

/**
 * The font a PDF chart embeds, so that every character of its text (≤, ≥, −, ×, …) is in the file: PDFKit's
 * standard fonts know only the Windows-1252 set and drop the rest. A Unicode TrueType font the system has, the
 * first found (regular and bold); none on the system leaves the standard font and the text spelled in ASCII.
 */
const FONTS: readonly { regular: string; bold: string }[] = [
  { regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
  { regular: '/usr/share/fonts/TTF/DejaVuSans.ttf', bold: '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf' },
  { regular: '/usr/share/fonts/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf' },
  { regular: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', bold: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf' },
  { regular: '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf', bold: '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf' },
  { regular: '/System/Library/Fonts/Supplemental/Arial Unicode.ttf', bold: '/System/Library/Fonts/Supplemental/Arial Bold.ttf' },
  { regular: '/Library/Fonts/Arial Unicode.ttf', bold: '/Library/Fonts/Arial Bold.ttf' },
  { regular: 'C:\\Windows\\Fonts\\arial.ttf', bold: 'C:\\Windows\\Fonts\\arialbd.ttf' },
];

/** The font files to embed, or undefined when the system has none of them. */
export function unicodeFont(): { regular: string; bold: string } | undefined {
  const found = FONTS.find((f) => existsSync(f.regular));
  return found ? { regular: found.regular, bold: existsSync(found.bold) ? found.bold : found.regular } : undefined;
}

/** Text for a standard PDF font: the characters it lacks spelled in ASCII, so none is dropped. */
export function asciiSpelled(svg: string): string {
  const words: Record<string, string> = { '≤': '<=', '≥': '>=', '−': '-', '×': 'x', '…': '...', '∞': 'inf', '–': '-', '—': '-', '²': '^2', '₁': '1', '₂': '2', 'χ': 'chi', '→': '->', '·': '.' };
  return svg.replace(/>([^<]*)</g, (_whole, text: string) => `>${text.replace(/[≤≥−×…∞–—²₁₂χ→·]/g, (c) => words[c] ?? c)}<`);
}
