/**
 * Bundles bench/gpu-node.ts into one self-contained ES module (esbuild), so it runs with a bare
 * `node` where node_modules cannot travel (the GPU machine of bench/results/gpu-h100.md). The
 * WGSL templates come in through a plugin that does what Vite's `?raw` does; the `webgpu` package
 * stays external (it carries the native dawn.node) and is resolved next to the bundle.
 *
 *   npx tsx bench/gpu-bundle.ts [entry] [outfile]     (default bench/gpu-node.ts → .gpu/bench.mjs)
 */
import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const raw: Plugin = {
  name: 'raw',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: resolve(dirname(args.importer), args.path.slice(0, -4)), namespace: 'raw' }));
    b.onLoad({ filter: /.*/, namespace: 'raw' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
  },
};

const entry = process.argv[2] ?? 'bench/gpu-node.ts';
const outfile = process.argv[3] ?? '.gpu/bench.mjs';
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['webgpu'],
  plugins: [raw],
  outfile,
  logLevel: 'warning',
});
console.log(`wrote ${outfile}`);
