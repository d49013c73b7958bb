#!/usr/bin/env node
// The fitbench command line. The core is TypeScript shared with the browser app. It runs as the
// one-file CLI built from this checkout's sources by esbuild (scripts/cliBundle.mjs), kept in
// node_modules/.cache/fitbench while every source is unchanged: ~0.1 s to start instead of ~0.75 s
// for tsx to compile the TypeScript at every run. FITBENCH_TSX=1, or a build that fails, runs the
// sources through tsx as before (the raw loader registered after tsx, so that it sees the GPU
// path's WGSL templates, Vite `?raw` imports, first).
import { cliScript } from '../scripts/cliBundle.mjs';

const script = process.env.FITBENCH_TSX ? null : await cliScript();
if (script) {
  // The bundle's entry (src/cli/singleFileMain.ts) runs the command and sets process.exitCode.
  await import(script);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/gpu/rawLoader.mjs');
  const { main } = await import('../src/cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
}
