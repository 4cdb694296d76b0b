import { quote } from '../setup/state.js';
import { MAX_SCENES } from './lecture.js';

/** Where a lecture comes from: one that ships with the page (by id), or one packed into the link itself. */
export type LectureSource = { readonly kind: 'shipped'; readonly id: string } | { readonly kind: 'packed'; readonly packed: string };

/** What a link asks of a lecture: which one, and the scene to open on (0-based; `scene=1` is the first). */
export interface LectureAsked {
  readonly source: LectureSource | undefined;
  readonly scene: number;
  readonly issues: readonly string[];
}

/** Reads `lecture=<id>` or `lz=<packed>`, and `scene=<n>`, from a query string. */
export function lectureAsked(query: string): LectureAsked {
  const q = new URLSearchParams(query);
  const issues: string[] = [];
  const id = q.get('lecture');
  const packed = q.get('lz');
  let source: LectureSource | undefined;
  if (id !== null && id !== '') {
    if (/^[a-z0-9-]{1,60}$/.test(id)) source = { kind: 'shipped', id };
    else issues.push(`The link asks for the lecture ${quote(id)}, which is not a lecture's name (lower-case letters, digits and dashes).`);
  } else if (packed !== null && packed !== '') source = { kind: 'packed', packed };
  const sceneText = q.get('scene');
  let scene = 0;
  if (sceneText !== null && sceneText !== '') {
    const n = /^\d{1,4}$/.test(sceneText) ? Number(sceneText) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_SCENES) scene = n - 1;
    else issues.push(`The link asks for scene ${quote(sceneText)}; scenes are numbered from 1 to at most ${MAX_SCENES}, so the lecture opens on the first.`);
  }
  return { source, scene, issues };
}

/** The link's part for a lecture at a scene: `lecture=search&scene=3` or `lz=…&scene=3`. */
export function lectureQuery(source: LectureSource, scene: number): string {
  const q = new URLSearchParams();
  if (source.kind === 'shipped') q.set('lecture', source.id);
  else q.set('lz', source.packed);
  q.set('scene', String(scene + 1));
  return q.toString();
}
