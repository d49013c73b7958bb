/**
 * A script built from the checkout's sources, kept on disk between CLI runs: valid while every
 * source it was built from has the content it had (a SHA-256 over the sources' bytes and a salt,
 * such as the bundler's version). Checking that reads the sources (~1 ms for the parse worker's
 * ~30 files, ~5 ms for the whole CLI's ~270); building again is esbuild's start and bundle,
 * ~0.05–0.15 s on this 2-core machine for the parse worker and ~0.15 s for the CLI, against
 * ~0.7 s for tsx to compile the CLI at every start. Contents rather than modification times: a
 * file system with coarse times, or an edit during the build, cannot leave an old script valid.
 * (A new file that changes how an import resolves is not seen; nothing in this code base adds one
 * without editing a source that is hashed.)
 *
 * Where: node_modules/.cache/fitbench (the usual place for a package's build cache; it goes with
 * `rm -rf node_modules`), per checkout (checkouts may share node_modules through a link) and per
 * name: the script as `NAME-KEY.mjs` (a file, so that it can be imported and started as a worker)
 * and its manifest `NAME-KEY.json` (the sources and the digest). Both are written to temporary
 * names and renamed, the script first: a manifest names only a whole script of its digest. Any
 * failure to read or write the cache only means building again.
 *
 * Plain JavaScript: bin/fitbench.mjs reads it before any TypeScript can be loaded.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The manifest's and the script's paths for `name` in the checkout `root`. */
function entryFiles(root, name) {
  const key = createHash('sha256').update(resolve(root)).digest('hex').slice(0, 16);
  const base = join(root, 'node_modules', '.cache', 'fitbench', `${name}-${key}`);
  return { manifest: `${base}.json`, script: `${base}.mjs` };
}

/** The digest of the sources' paths and bytes, and `salt`. */
function digestOf(sources, salt) {
  const hash = createHash('sha256').update(salt);
  for (const path of sources) hash.update(`\0${path}\0`).update(readFileSync(path));
  return hash.digest('hex');
}

/**
 * The path of the cached script, when its sources and salt are what they were when it was built;
 * else null.
 * @param {string} root @param {string} name @param {string} salt @returns {string | null}
 */
export function cachedScriptFile(root, name, salt) {
  try {
    const files = entryFiles(root, name);
    const entry = JSON.parse(readFileSync(files.manifest, 'utf8'));
    if (!Array.isArray(entry.sources) || entry.sources.length === 0 || typeof entry.digest !== 'string') return null;
    return digestOf(entry.sources, salt) === entry.digest ? files.script : null;
  } catch {
    return null;
  }
}

/**
 * The cached script's text (see cachedScriptFile), or null.
 * @param {string} root @param {string} name @param {string} salt @returns {string | null}
 */
export function cachedScript(root, name, salt) {
  const file = cachedScriptFile(root, name, salt);
  if (!file) return null;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Modification times this close to a build's start (or after it) may hide an edit during the build. */
const TIME_SLACK_MS = 2000;

/**
 * Keeps `text`, built from `sources` (absolute paths) by a build that began at `builtSince`
 * (Date.now()), as the cached script. Not kept where a source was modified after the build began,
 * or up to TIME_SLACK_MS before it (file systems with coarse times): the digest is taken now, and
 * the build may have read the source before that edit. The next run builds and keeps it then.
 * @param {string} root @param {string} name @param {string} text @param {readonly string[]} sources
 * @param {string} salt @param {number} builtSince @returns {boolean}
 */
export function keepScript(root, name, text, sources, salt, builtSince) {
  const files = entryFiles(root, name);
  const temporary = [`${files.script}.${process.pid}.tmp`, `${files.manifest}.${process.pid}.tmp`];
  try {
    if (sources.length === 0 || sources.some((path) => statSync(path).mtimeMs >= builtSince - TIME_SLACK_MS)) return false;
    const entry = { sources: [...sources], digest: digestOf(sources, salt) };
    mkdirSync(join(files.manifest, '..'), { recursive: true });
    writeFileSync(temporary[0], text);
    renameSync(temporary[0], files.script);
    writeFileSync(temporary[1], JSON.stringify(entry));
    renameSync(temporary[1], files.manifest);
    return true;
  } catch {
    for (const t of temporary) rmSync(t, { force: true });
    return false;
  }
}
