/**
 * Every file bezzel writes goes through here: written whole to a temporary name and renamed ({@link writeWhole}),
 * lines added at a file's end cut back when the write fails ({@link appendWhole}), folders made so that a run can
 * take away what it made ({@link makeFolders}). A failure is one error, the core's `WriteFailure`, which the
 * command reports as one line with exit code 74.
 *
 * @module @bezzel/files
 */
export * from './append.js';
export * from './folders.js';
export { asWriteFailure, type Content, writeWhole } from './write-whole.js';
