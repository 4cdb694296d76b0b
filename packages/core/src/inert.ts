/** Characters that act on a terminal or forge a line: C0 controls, DEL, the C1 set, line and paragraph separators, and the bidirectional overrides and isolates that reorder what is shown. */
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** How {@link inert} treats line ends and length. */
export interface InertOptions {
  /** Keep line ends (`\n`) and tabs as they are: text of several lines, as a message or a report. Default false: one log line. */
  readonly multiline?: boolean;
  /** Cut to this many characters, with `…`. */
  readonly max?: number;
}

/**
 * Text made inert for a terminal, a log line or a file a person reads: every character that can move the cursor,
 * rewrite a title, fake a line or reorder what is shown becomes a `\uXXXX` escape, so text a user, a spec file, a
 * plugin, a submission or a job key supplies cannot act when it is printed. The one place this is decided: the
 * command line, the queue's logs and the grader's outputs all use it.
 */
export function inert(text: string, options: InertOptions = {}): string {
  const safe = text.replace(ACTIVE, (c) => ((c === '\n' || c === '\t') && options.multiline ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return options.max !== undefined && safe.length > options.max ? `${safe.slice(0, options.max)}…` : safe;
}

/** A user's text quoted in a message: in double quotes, escaped as JSON and inert, long text cut. */
export function quoted(text: string, max = 80): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown).replace(ACTIVE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
