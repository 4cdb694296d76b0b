import { writeWhole } from '@bezzel/files';

/**
 * Writes a file of the grader's whole (the command's one writer, `@bezzel/files`): to a temporary name beside it,
 * then renamed over it, so a grader stopped part way (or a full disk) leaves the old file or the new one, never half
 * of one; a failure is the core's WriteFailure, exit code 74.
 */
export function saveWhole(path: string, text: string): void {
  writeWhole(path, text);
}
