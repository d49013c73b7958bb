/**
 * The parse worker (rangeWorker.ts and the core it uses) bundled by esbuild into one script, as a
 * data: URL for `new Worker`: the CLI run from a clone (tsx) starts its parse worker from it
 * instead of from parallel/node/host.mjs, which registers tsx in the worker and compiles every
 * module there through tsx's loader thread. Measured on this 2-core machine (bench/results/ingest.md,
 * 2026-11-27): a worker ready in ~0.25–0.4 s instead of ~0.65–0.9 s wall, ~0.2 s of CPU instead of
 * ~0.45 s (esbuild's own process included). The same source as the rest of the CLI, bundled as
 * scripts/cliBundle.ts bundles the one-file CLI. Built once per process. Null when esbuild cannot be loaded or fails: the caller then
 * uses host.mjs.
 */
import { fileURLToPath } from 'node:url';

let script: Promise<URL | null> | null = null;

export function rangeWorkerScript(): Promise<URL | null> {
  script ??= build().catch(() => null);
  return script;
}

async function build(): Promise<URL | null> {
  // A specifier esbuild does not follow: the one-file CLI (scripts/cliBundle.ts) must not bundle
  // esbuild itself; it never gets here (it is its own worker script, see parallel/node/bundledHost.ts).
  const specifier = 'esbuild';
  const { build: esbuild } = (await import(specifier)) as typeof import('esbuild');
  const result = await esbuild({
    entryPoints: [fileURLToPath(new URL('./rangeWorker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    // Bundled CommonJS may call require: give the module one (as scripts/cliBundle.ts does).
    banner: { js: `import { createRequire as __fitbenchRequire } from 'node:module';\nconst require = __fitbenchRequire(${JSON.stringify(import.meta.url)});` },
    logLevel: 'silent',
  });
  const text = result.outputFiles?.[0]?.text;
  return text ? new URL(`data:text/javascript,${encodeURIComponent(text)}`) : null;
}
