/**
 * The parse worker (rangeWorker.ts and the core it uses) bundled by esbuild into one script for
 * `new Worker` as a data: URL: the CLI run from a clone (tsx) starts its parse worker from it
 * instead of from parallel/node/host.mjs, which registers tsx in the worker and compiles every
 * module there through tsx's loader thread. Measured on this 2-core machine (bench/results/ingest.md,
 * 2026-11-27): a worker ready in ~0.25–0.4 s instead of ~0.65–0.9 s wall, ~0.2 s of CPU instead of
 * ~0.45 s (esbuild's own process included). The same source as the rest of the CLI, bundled as
 * scripts/cliBundle.mjs bundles the one-file CLI. Built once and kept on disk while its sources are
 * unchanged (bundleCache.mjs: ~1 ms to check instead of ~0.1 s to build), so that a CLI run does not
 * wait for esbuild before its parse can start a worker. Null when esbuild cannot be loaded or fails: the caller then uses host.mjs.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedScript, keepScript } from '../../cli/bundleCache.mjs';

/** The checkout's root (this file is src/data/node/rangeWorkerScript.ts). */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NAME = 'rangeWorker';

let script: Promise<URL | null> | null = null;

export function rangeWorkerScript(): Promise<URL | null> {
  script ??= build().catch(() => null);
  return script;
}

async function build(): Promise<URL | null> {
  // A specifier esbuild does not follow: the one-file CLI (scripts/cliBundle.mjs) must not bundle
  // esbuild itself; it never gets here (it is its own worker script, see parallel/node/bundledHost.ts).
  const specifier = 'esbuild';
  const esbuild = (await import(specifier)) as typeof import('esbuild');
  // The bundler's version and this file's options shape the script as much as the sources do.
  const salt = `esbuild ${esbuild.version}`;
  const cached = cachedScript(ROOT, NAME, salt);
  if (cached) return dataUrl(cached);
  const since = Date.now();
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./rangeWorker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    // Bundled CommonJS may call require: give the module one (as scripts/cliBundle.mjs does).
    banner: { js: `import { createRequire as __fitbenchRequire } from 'node:module';\nconst require = __fitbenchRequire(${JSON.stringify(import.meta.url)});` },
    logLevel: 'silent',
    metafile: true,
    absWorkingDir: ROOT,
  });
  const text = result.outputFiles?.[0]?.text;
  if (!text) return null;
  const inputs = Object.keys(result.metafile?.inputs ?? {}).map((p) => resolve(ROOT, p));
  const configs = ['tsconfig.json', 'tsconfig.base.json'].map((f) => join(ROOT, f)).filter((f) => existsSync(f));
  keepScript(ROOT, NAME, text, [...inputs, ...configs, fileURLToPath(import.meta.url)], salt, since);
  return dataUrl(text);
}

const dataUrl = (text: string) => new URL(`data:text/javascript,${encodeURIComponent(text)}`);
