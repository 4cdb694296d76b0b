/**
 * A scene's note: plain text with a little Markdown (blank lines between paragraphs, "- " list items, **bold**,
 * *italics*, `code`) and {figures} filled in from the live run. Parsed into blocks of runs, then built as DOM on the
 * page or as escaped HTML in an exported deck; nothing of the note is ever read as HTML.
 */

export type Run = { readonly text: string; readonly style?: 'strong' | 'em' | 'code' };
export type Block = { readonly kind: 'p'; readonly runs: readonly Run[] } | { readonly kind: 'ul'; readonly items: readonly (readonly Run[])[] };

/** The figures a note's braces stand for, as text; a figure the run does not have reads "–". */
export type Figures = Readonly<Record<string, string>>;

/** The note's text with its {figures} filled in. */
export function fillFigures(note: string, figures: Figures): string {
  return note.replace(/\{([A-Za-z][\w-]*)\}/g, (whole, name: string) => (name in figures ? figures[name]! : whole));
}

/** The note as paragraphs and lists of styled runs. */
export function noteBlocks(note: string, figures: Figures = {}): Block[] {
  const blocks: Block[] = [];
  for (const chunk of fillFigures(note, figures).replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => /^[-*] /.test(l))) blocks.push({ kind: 'ul', items: lines.map((l) => inline(l.slice(2))) });
    else blocks.push({ kind: 'p', runs: inline(lines.join(' ')) });
  }
  return blocks;
}

/** **bold**, *italics* and `code` runs of one line; unmatched marks stay as they are. */
function inline(line: string): Run[] {
  const runs: Run[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`/g;
  let at = 0;
  for (const m of line.matchAll(pattern)) {
    if (m.index! > at) runs.push({ text: line.slice(at, m.index) });
    if (m[1] !== undefined) runs.push({ text: m[1], style: 'strong' });
    else if (m[2] !== undefined) runs.push({ text: m[2], style: 'em' });
    else runs.push({ text: m[3]!, style: 'code' });
    at = m.index! + m[0].length;
  }
  if (at < line.length) runs.push({ text: line.slice(at) });
  return runs;
}

/** The note as DOM nodes (text nodes only inside its elements). */
export function noteNodes(blocks: readonly Block[]): Node[] {
  const runNodes = (runs: readonly Run[]) => runs.map((r) => {
    if (!r.style) return document.createTextNode(r.text);
    const e = document.createElement(r.style);
    e.textContent = r.text;
    return e;
  });
  return blocks.map((block) => {
    if (block.kind === 'p') {
      const p = document.createElement('p');
      p.append(...runNodes(block.runs));
      return p;
    }
    const ul = document.createElement('ul');
    for (const item of block.items) {
      const li = document.createElement('li');
      li.append(...runNodes(item));
      ul.append(li);
    }
    return ul;
  });
}

/** Text escaped for HTML, in content and in attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The note as HTML, every character of it escaped. */
export function noteHtml(blocks: readonly Block[]): string {
  const runs = (list: readonly Run[]) => list.map((r) => (r.style ? `<${r.style}>${escapeHtml(r.text)}</${r.style}>` : escapeHtml(r.text))).join('');
  return blocks.map((b) => (b.kind === 'p' ? `<p>${runs(b.runs)}</p>` : `<ul>${b.items.map((i) => `<li>${runs(i)}</li>`).join('')}</ul>`)).join('');
}
