/**
 * Text made inert for a terminal: every control character but the line end (ESC, BEL, the C1 set, carriage
 * return…) shown as a `\u` escape, so that text a user, a spec file, a plugin or a job key supplies cannot move
 * the cursor, rewrite the title or fake a line when it is printed.
 */
export function inert(text: string): string {
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (c === '\t' ? '\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** A user's text quoted in a message: control characters shown as escapes, long text cut, so it cannot act on the terminal. */
export function quoted(text: string, max = 80): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
