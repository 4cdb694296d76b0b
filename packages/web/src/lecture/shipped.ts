import search from './lectures/search.json' with { type: 'json' };
import { readLecture, type Lecture } from './lecture.js';

/** The lectures that ship with the page, by the id a link names them with (`lecture=search`). */
export const SHIPPED: readonly { readonly id: string; readonly data: unknown }[] = [{ id: 'search', data: search }];

/** A shipped lecture, read as any lecture file is read (its unit test keeps each one readable). */
export function shippedLecture(id: string): { readonly ok: true; readonly lecture: Lecture } | { readonly ok: false; readonly problems: readonly string[] } {
  const found = SHIPPED.find((l) => l.id === id);
  if (!found) return { ok: false, problems: [`There is no lecture “${id}” with the page; it has ${SHIPPED.map((l) => l.id).join(', ')}.`] };
  return readLecture(found.data, `the lecture “${id}”`);
}

/** The title of a shipped lecture, for the list to open one from. */
export function shippedTitle(id: string): string {
  const read = shippedLecture(id);
  return read.ok ? read.lecture.title : id;
}
