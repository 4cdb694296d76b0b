/**
 * Text a submission supplies (its folder name, its error messages, its output) made safe for each place it lands:
 * no character that acts on a terminal (inert() from the core), and none that a page, a Markdown viewer, a
 * spreadsheet or an XML reader would take as markup or a formula.
 */
import { inert } from '@bezzel/core';

/** For HTML text and attribute values. */
export function html(text: string): string {
  return inert(text, { multiline: true }).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** For XML text and attributes (JUnit): also no character XML 1.0 forbids (inert() already escaped controls). */
export function xml(text: string): string {
  return inert(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g, '\ufffd');
}

/** For Markdown running text and table cells: markup characters escaped, `<` and `&` as entities, one line. */
export function markdown(text: string): string {
  return inert(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`)
    .replace(/^#/, '\\#');
}

/**
 * For a fenced block of Markdown (what a process wrote): inert, several lines kept, no fence it could close and
 * no `<` (a viewer that renders HTML in Markdown would still not meet a tag: `<` becomes `\u003c`, as inert() writes).
 */
export function fenced(text: string): string {
  return `\`\`\`text\n${inert(text.trim(), { multiline: true }).replace(/`{3,}/g, "'''").replace(/</g, '\\u003c')}\n\`\`\``;
}

/** For a CSV cell: inert, no `<`, and a cell a spreadsheet would run as a formula starts with a quote mark instead. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = inert(value).replace(/</g, '\\u003c');
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
