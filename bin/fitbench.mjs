#!/usr/bin/env node
// The fitbench command line. The core is TypeScript shared with the browser app; tsx compiles it
// on the fly, so the CLI always runs the same source as the page.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/cli/main.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
