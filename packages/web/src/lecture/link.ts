import { lectureText, readLectureText, type Lecture, type LectureRead } from './lecture.js';

/**
 * The longest lecture link the page makes: links past 8,000 characters are cut by some mail programs, chat apps and
 * servers (Apache's default limit on a request line is 8,190 bytes), so a longer lecture is saved as a file.
 */
export const MAX_LINK_CHARS = 8000;
/** The longest `lz=` the page reads, and the most a link's lecture may inflate to (a guard against a zip bomb). */
export const MAX_READ_CHARS = 64_000;
export const MAX_INFLATED_BYTES = 1_000_000;

/** A lecture packed for a link: its JSON deflated (the browser's own CompressionStream) in URL-safe base64. */
export async function packLecture(lecture: Lecture): Promise<string> {
  // The link carries the JSON without indentation: it is read back by the same reader.
  const bytes = new TextEncoder().encode(JSON.stringify(lecture));
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The link's part for a lecture, or why it cannot be one (too long: save it as a file). */
export async function lectureLink(lecture: Lecture): Promise<{ readonly ok: true; readonly query: string } | { readonly ok: false; readonly message: string }> {
  const packed = await packLecture(lecture);
  const query = `lz=${packed}`;
  if (query.length > MAX_LINK_CHARS) {
    const size = lectureText(lecture).length;
    return { ok: false, message: `This lecture packs into ${query.length.toLocaleString('en')} characters (${size.toLocaleString('en')} as a file), more than the ${MAX_LINK_CHARS.toLocaleString('en')} a link can safely carry: save it as a file and share that instead.` };
  }
  return { ok: true, query };
}

/** Reads the lecture a link carries (`lz=`), saying what is wrong with it when it cannot. */
export async function unpackLecture(packed: string): Promise<LectureRead> {
  const wrong = (message: string): LectureRead => ({ ok: false, problems: [message] });
  if (packed.length > MAX_READ_CHARS) return wrong(`The link's lecture is ${packed.length.toLocaleString('en')} characters long, more than the ${MAX_READ_CHARS.toLocaleString('en')} the page reads.`);
  const bytes = fromBase64Url(packed);
  if (!bytes) return wrong('The link\'s lecture is not a packed lecture (it must be URL-safe base64: letters, digits, "-" and "_").');
  let inflated: Uint8Array;
  try {
    inflated = await inflate(bytes);
  } catch (error) {
    return wrong(error instanceof TooLarge ? error.message : 'The link\'s lecture cannot be unpacked: the link was cut short or changed on the way.');
  }
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return wrong('The link\'s lecture unpacks to something that is not text.');
  }
  return readLectureText(json, "the link's lecture");
}

class TooLarge extends Error {}

/** Inflates, stopping once the output passes MAX_INFLATED_BYTES. */
async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_INFLATED_BYTES) {
      await reader.cancel();
      throw new TooLarge(`The link's lecture unpacks to more than ${MAX_INFLATED_BYTES.toLocaleString('en')} bytes, more than a lecture needs; it is not read.`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
