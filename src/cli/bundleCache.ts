/**
 * A script built from the checkout's sources, kept on disk between CLI runs: valid while every
 * source it was built from has the size and modification time it had. Checking that is a stat per
 * source (~0.3 ms for the parse worker's ~40 files); building it again is esbuild's start and
 * bundle, ~0.05–0.15 s on this 2-core machine, which each CLI run of a large file paid before its
 * parse could start a worker.
 *
 * Where: node_modules/.cache/fitbench (the usual place for a package's build cache; it goes with
 * `rm -rf node_modules`), one entry per checkout (checkouts may share node_modules through a
 * link) and per name. Written to a temporary name and renamed, so a concurrent run never reads half
 * a file. Any failure to read or write the cache only means building again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface CachedScript {
  /** The script's file. */
  readonly file: string;
}

interface Stamp {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
}

const stamp = (path: string): Stamp => {
  const s = statSync(path);
  return { path, size: s.size, mtimeMs: s.mtimeMs };
};

/** The cache entry's files for `name` built in the checkout at `root`. */
function entry(root: string, name: string): { script: string; manifest: string; dir: string } {
  const dir = join(root, 'node_modules', '.cache', 'fitbench');
  const key = createHash('sha256').update(resolve(root)).digest('hex').slice(0, 16);
  return { dir, script: join(dir, `${name}-${key}.mjs`), manifest: join(dir, `${name}-${key}.json`) };
}

/** The cached script, when its sources are unchanged since it was built; else null. */
export function cachedScript(root: string, name: string): CachedScript | null {
  const { script, manifest } = entry(root, name);
  try {
    const stamps = JSON.parse(readFileSync(manifest, 'utf8')) as Stamp[];
    if (!Array.isArray(stamps) || stamps.length === 0) return null;
    for (const s of stamps) {
      const now = stamp(s.path);
      if (now.size !== s.size || now.mtimeMs !== s.mtimeMs) return null;
    }
    statSync(script);
    return { file: script };
  } catch {
    return null;
  }
}

/**
 * Keeps `text`, built from `sources` (absolute paths) by a build that started at `builtSince`
 * (Date.now()), as the cached script. Not kept (null) where a source changed since the build began
 * (its script may be older than the source), or where it cannot be written.
 */
export function keepScript(root: string, name: string, text: string, sources: readonly string[], builtSince: number): CachedScript | null {
  const { dir, script, manifest } = entry(root, name);
  try {
    const stamps = sources.map(stamp);
    if (stamps.length === 0 || stamps.some((s) => s.mtimeMs >= builtSince)) return null;
    mkdirSync(dir, { recursive: true });
    const tmp = `.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(script + tmp, text);
    renameSync(script + tmp, script);
    writeFileSync(manifest + tmp, JSON.stringify(stamps));
    renameSync(manifest + tmp, manifest);
    return { file: script };
  } catch {
    return null;
  }
}
