/**
 * Notes: what a command says on stderr besides its answer and its errors — a file written, a warning (an
 * experiment that could take hours, a queue without a key), what a checkpoint keeps. `-q` silences every one; an
 * error is never a note (it goes to stderr whatever -q says). Set per command by the program's preAction hook.
 */
let quiet = false;

/** Whether notes are silenced: the running command was given -q/--quiet. */
export function setQuietNotes(on: boolean): void {
  quiet = on;
}

/** Whether -q was given to the running command. */
export const notesQuiet = (): boolean => quiet;

/** Writes one note line on stderr, unless -q silenced notes. */
export function writeNote(line: string): void {
  if (!quiet) process.stderr.write(`${line}\n`);
}
