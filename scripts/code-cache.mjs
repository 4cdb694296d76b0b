/**
 * The loader inside a code-cached package's `dist/index.js` (see `codeCached` in build.mjs): it runs the package's
 * code — built as a CommonJS body beside it — through V8's code cache, so that a run after the first does not
 * compile it again. Node 22 and later do this for every module once `module.enableCompileCache()` is on (the CLI
 * turns it on); Node 20 has no such cache for ES modules, and the core's 270 KB (inversify is most of it) took
 * 8 ms of every command to compile and run there, 3 ms from the cache.
 *
 * The cache is a file per body in a folder of the user's own under the system's temporary folder, as Node's and
 * TypeScript's are. V8 checks that a cache fits the running V8, its flags and the source's length, not the source
 * itself, so a cache is named by what the build says the body is (its hash), the file's size and time, the path
 * it was read from and Node's version and architecture: another build, a hand-edited file or another install
 * never reads this one's. It is written once, when the process ends (the functions the run compiled are then in
 * it), and only where nobody else can write: a folder that is not ours, or that others may write into, is not
 * used. Nothing is cached under Node's permission model (`bezzel grade`'s children: reading and writing beside the
 * run is what it refuses) or with NODE_DISABLE_COMPILE_CACHE=1, Node's own switch. Any failure to read or write
 * a cache only means compiling as without one.
 */
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** How the last body loaded in this process went, for the tests: its cache file, and whether V8 took the cache. */
let last = { file: undefined, used: false, written: false };

/**
 * What `loadBody` did last: the cache file it named (undefined when none is used), whether V8 took the cache, and
 * (read after the process's `exit` handlers ran) whether one was written.
 */
export function codeCacheStatus() {
  return last;
}

/** FNV-1a of a string, as 8 hex digits: a short name for the path a body was read from. */
function shortHash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The user's own cache folder, made if need be; undefined where there is none we may trust. */
function cacheFolder() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE === '1' || process.permission !== undefined) return undefined;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const folder = join(tmpdir(), uid === undefined ? 'bezzel-compile-cache' : `bezzel-compile-cache-${uid}`);
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if (error?.code !== 'EEXIST') return undefined;
  }
  try {
    const info = lstatSync(folder);
    // Not a link to elsewhere, ours, and nobody else's to write into (on Windows the temporary folder is the user's).
    if (!info.isDirectory() || (uid !== undefined && (info.uid !== uid || (info.mode & 0o022) !== 0))) return undefined;
    return folder;
  } catch {
    return undefined;
  }
}

/**
 * Runs the CommonJS body at `url` (a file URL) and returns its exports, compiled from the code cache when there is
 * one for it. `name` names the cache file; `build` is the body's hash, written into the facade by the build.
 */
export function loadBody(url, { name, build }) {
  const path = fileURLToPath(url);
  // The body's first line carries the wrapper, so its line numbers are the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(path, 'utf8')}\n})`;
  const folder = cacheFolder();
  if (folder === undefined) {
    last = { file: undefined, used: false, written: false };
    return run(new Script(wrapped, { filename: path }), path);
  }
  const { size, mtimeMs } = statSync(path);
  const prefix = `${name.replace(/[^\w.-]+/g, '_')}-${shortHash(path)}-`;
  const file = join(folder, `${prefix}${build}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}.bin`);
  let cachedData;
  try {
    cachedData = readFileSync(file);
  } catch {
    // None yet.
  }
  const script = new Script(wrapped, { filename: path, cachedData });
  const status = { file, used: cachedData !== undefined && !script.cachedDataRejected, written: false };
  last = status;
  if (!status.used) process.once('exit', () => (status.written = writeCache(script, file, folder, prefix)));
  return run(script, path);
}

function run(script, path) {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(path), module, path, dirname(path));
  return module.exports;
}

/**
 * Writes the cache (whole, by a rename) and removes those of earlier builds read from the same path; whether it
 * was written.
 */
function writeCache(script, file, folder, prefix) {
  try {
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, file);
    for (const other of readdirSync(folder)) {
      if (other.startsWith(prefix) && other !== basename(file) && !other.endsWith('.part')) rmSync(join(folder, other), { force: true });
    }
    return true;
  } catch {
    // A full disk or a folder gone: the next run compiles again.
    return false;
  }
}
