import { createHash } from 'node:crypto';

/**
 * A student's folder name as a file name that no other student's can share: letters and digits of any script,
 * `.` and `-` are kept as they are (`é1` stays `é1`, composed as the name is: a combining accent is encoded); every other character, `_` included, becomes `_` + its code
 * point in hex + `_` (`a b` → `a_20_b`, `a_b` → `a_5f_b`), so two different names never give the same file name.
 * A leading dot is encoded too (no hidden files). A name past 80 characters keeps its start and a hash of the
 * whole, so long names stay apart as well.
 */
export function studentFile(student: string): string {
  const encoded = [...student]
    .map((c, i) => (/^[\p{L}\p{N}-]$/u.test(c) || (c === '.' && i > 0) ? c : `_${c.codePointAt(0)!.toString(16)}_`))
    .join('');
  if (encoded === '') return '_';
  return encoded.length <= 80 ? encoded : `${encoded.slice(0, 60)}~${createHash('sha256').update(student).digest('hex').slice(0, 16)}`;
}

/** A second name for a student whose file the file system folded onto another's (case, Unicode normalisation). */
export function unfoldedFile(student: string): string {
  return `${studentFile(student).slice(0, 60)}~${createHash('sha256').update(student).digest('hex').slice(0, 16)}`;
}
