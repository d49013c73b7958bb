/**
 * A script built from the checkout's sources, kept on disk between CLI runs: valid while every
 * source it was built from has the content it had (a SHA-256 over the sources' bytes and a salt,
 * such as the bundler's version). Checking that reads ~30 small files (~1 ms); building again is
 * esbuild's start and bundle, ~0.05–0.15 s on this 2-core machine, which each CLI run of a large
 * file paid before its parse could start a worker. Contents rather than modification times: a
 * file system with coarse times, or an edit during the build, cannot leave an old script valid.
 * (A new file that changes how an import resolves is not seen; nothing in this code base adds one
 * without editing a source that is hashed.)
 *
 * Where: node_modules/.cache/fitbench (the usual place for a package's build cache; it goes with
 * `rm -rf node_modules`), one file per checkout (checkouts may share node_modules through a link)
 * and per name, holding the sources, the digest and the script together: written to a temporary
 * name and renamed, so a concurrent run reads one run's whole entry or none. Any failure to read
 * or write the cache only means building again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface Entry {
  readonly sources: string[];
  readonly digest: string;
  readonly text: string;
}

function entryFile(root: string, name: string): string {
  const key = createHash('sha256').update(resolve(root)).digest('hex').slice(0, 16);
  return join(root, 'node_modules', '.cache', 'fitbench', `${name}-${key}.json`);
}

/** The digest of the sources' paths and bytes, and `salt`. */
function digestOf(sources: readonly string[], salt: string): string {
  const hash = createHash('sha256').update(salt);
  for (const path of sources) hash.update(`\0${path}\0`).update(readFileSync(path));
  return hash.digest('hex');
}

/** The cached script's text, when its sources and salt are what they were when it was built; else null. */
export function cachedScript(root: string, name: string, salt: string): string | null {
  try {
    const entry = JSON.parse(readFileSync(entryFile(root, name), 'utf8')) as Entry;
    if (!Array.isArray(entry.sources) || entry.sources.length === 0 || typeof entry.text !== 'string') return null;
    return digestOf(entry.sources, salt) === entry.digest ? entry.text : null;
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
 */
export function keepScript(root: string, name: string, text: string, sources: readonly string[], salt: string, builtSince: number): boolean {
  const file = entryFile(root, name);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    if (sources.length === 0 || sources.some((path) => statSync(path).mtimeMs >= builtSince - TIME_SLACK_MS)) return false;
    const entry: Entry = { sources: [...sources], digest: digestOf(sources, salt), text };
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
    return true;
  } catch {
    rmSync(tmp, { force: true });
    return false;
  }
}
