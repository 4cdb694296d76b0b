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

/**
 * A split that came out much coarser than `--parts` asked (a strategy's split stops at some depth: 19 queens by
 * bitboard in 1,040 sub-tasks for --parts 65536) is said, not left for the user to find in the stats.
 */
export function coarserThanAsked(strategy: string, subTasks: number, parts: number | undefined): void {
  if (parts === undefined || subTasks * 2 > parts) return;
  writeNote(`bezzel: ${strategy} cut the count into ${subTasks.toLocaleString('en-US')} sub-tasks, fewer than the ${parts.toLocaleString('en-US')} --parts asked: its split goes no finer`);
}
