#!/usr/bin/env node
// The fitbench command line. The core is TypeScript shared with the browser app; tsx compiles it
// on the fly, so the CLI always runs the same source as the page. The raw loader is registered
// after tsx so that it sees the GPU path's WGSL templates (Vite `?raw` imports) first.
import { register } from 'tsx/esm/api';

register();
await import('../src/gpu/rawLoader.mjs');
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
