/**
 * A partial strict plotly.js, built from plotly.js's own modules with esbuild (as plotly builds its
 * dist bundles, esbuild-config.js there) and served to Vite as two modules:
 *
 *   virtual:plotly/core  core + heatmap (~1.1 MB minified, against 5.1 MB for the full strict bundle)
 *   virtual:plotly/gl    the strict WebGL scatter, loaded only when a series is large
 *
 * Both come from one esbuild run with code splitting, so they share one plotly registry. The output
 * goes to .cache/plotly/ and is rebuilt only when plotly.js, the entries or this file change.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ENTRIES = ['core', 'gl'] as const;
const PREFIX = 'virtual:plotly/';

function stamp(root: string): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'node_modules/plotly.js/package.json')));
  hash.update(readFileSync(join(root, 'scripts/plotlyPartial.ts')));
  for (const name of [...ENTRIES, 'coreSteps', 'buffer']) hash.update(readFileSync(join(root, `scripts/plotly/${name}.cjs`)));
  return hash.digest('hex');
}

/** Builds the partial bundle into `outDir` unless it is there already for the same inputs. */
export async function buildPlotlyPartial(root: string, outDir: string): Promise<void> {
  const key = stamp(root);
  const stampFile = join(outDir, 'stamp.txt');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === key) return;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(ENTRIES.map((e) => [e, `scripts/plotly/${e}.cjs`])),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    // Maps beside the output, not linked from it: bench/firstplot-trace.ts follows them from the
    // page's own source maps to plotly.js's files, to say which of plotly's modules a task ran.
    sourcemap: 'external',
    target: 'es2022',
    legalComments: 'none',
    // As plotly's own build: regl is plotly's fork; `global` is the window.
    alias: { regl: '@plotly/regl', buffer: join(root, 'scripts/plotly/buffer.cjs') },
    define: { global: 'window', 'define.amd': 'false', 'process.env.NODE_DEBUG': 'false' },
    // maplibre's stylesheet is required only when a map trace registers; we register none.
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
  writeFileSync(stampFile, key);
}

export function plotlyPartial(): Plugin {
  let root = process.cwd();
  const outDir = () => join(root, '.cache', 'plotly');
  return {
    name: 'fitbench-plotly-partial',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      await buildPlotlyPartial(root, outDir());
    },
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      return (ENTRIES as readonly string[]).includes(name) ? join(outDir(), `${name}.js`) : null;
    },
  };
}
